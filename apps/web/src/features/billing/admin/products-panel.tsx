import { PRODUCT_MEDIA_MAX, type Product } from '@app/contract';
import { useId, useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import { FormDialog } from '../../../components/form-dialog';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { useStoreProducts } from '../api';
import { formatMoney } from '../money';
import { useUploadProduct, useUploadProductUpdate } from './admin-api';

function UploadProgress({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <ProgressBar
      now={percent}
      label={`${percent.toFixed(2)}%`}
      aria-label="Upload progress"
      className="mb-3"
    />
  );
}

/**
 * products/add (docs/product-contract.md §Calls, Admin): name, price, description, executable,
 * dependencies and up to 4 media.
 */
function AddProductDialog({ onHide }: { onHide: () => void }) {
  const id = useId();
  const upload = useUploadProduct();
  const toast = useToast();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    const source = new FormData(event.currentTarget);
    const price = Number(source.get('price'));
    const media = source
      .getAll('media')
      .filter((file): file is File => file instanceof File && file.size > 0);
    const executable = source.get('applicationExecutable');
    if (!String(source.get('applicationName')).trim()) return setError('Enter the application name');
    if (!Number.isFinite(price) || price < 0) return setError('Enter a price of 0 or more');
    if (!(executable instanceof File) || executable.size === 0) return setError('Choose the executable file');
    if (media.length > PRODUCT_MEDIA_MAX) return setError(`Choose at most ${PRODUCT_MEDIA_MAX} media files`);
    setError(null);
    const form = new FormData();
    form.set('applicationName', String(source.get('applicationName')));
    form.set('applicationPrice', String(Math.round(price * 100)));
    form.set('applicationDescription', String(source.get('applicationDescription') ?? ''));
    form.set('dependencies', String(source.get('dependencies') ?? ''));
    form.set('applicationExecutable', executable);
    for (const [index, file] of media.entries()) form.set(`media-${index + 1}`, file);
    setPercent(0);
    upload.mutate(
      { form, onProgress: setPercent },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message, variant: 'success' });
          onHide();
        },
        onError: () => setPercent(null),
      },
    );
  }

  return (
    <FormDialog
      onHide={onHide}
      title="Add a product"
      onSubmit={submit}
      intro={
        error && (
          <Alert variant="danger" className="py-2">
            {error}
          </Alert>
        )
      }
      error={upload.error}
      pending={upload.isPending}
      submitLabel="Add product"
      pendingLabel="Uploading…"
    >
      <UploadProgress percent={percent} />
      <Form.Group className="mb-3" controlId={`${id}-name`}>
        <Form.Label>Application name</Form.Label>
        <Form.Control name="applicationName" required maxLength={120} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-price`}>
        <Form.Label>Price (USD)</Form.Label>
        <Form.Control name="price" type="number" min={0} step="0.01" required />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-description`}>
        <Form.Label>Description</Form.Label>
        <Form.Control name="applicationDescription" as="textarea" rows={3} maxLength={5000} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-dependencies`}>
        <Form.Label>Dependencies</Form.Label>
        <Form.Control name="dependencies" maxLength={2000} placeholder="e.g. Java 17, .NET 8" />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-executable`}>
        <Form.Label>Executable (installer, archive or binary, up to 50 MB)</Form.Label>
        <Form.Control name="applicationExecutable" type="file" required />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-media`}>
        <Form.Label>Media (up to {PRODUCT_MEDIA_MAX} images or videos)</Form.Label>
        <Form.Control name="media" type="file" multiple accept="image/*,video/mp4,video/webm" />
      </Form.Group>
    </FormDialog>
  );
}

/** product/update/add (docs/product-contract.md §Calls, Admin): productID, date, file, dependencies. */
function AddUpdateDialog({ product, onHide }: { product: Product; onHide: () => void }) {
  const id = useId();
  const upload = useUploadProductUpdate();
  const toast = useToast();
  const [percent, setPercent] = useState<number | null>(null);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    const source = new FormData(event.currentTarget);
    const form = new FormData();
    form.set('productID', String(product.id));
    form.set('date', String(source.get('date')));
    form.set('dependencies', String(source.get('dependencies') ?? ''));
    const file = source.get('file');
    if (file instanceof File && file.size > 0) form.set('file', file);
    setPercent(0);
    upload.mutate(
      { form, onProgress: setPercent },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message, variant: 'success' });
          onHide();
        },
        onError: () => setPercent(null),
      },
    );
  }

  return (
    <FormDialog
      onHide={onHide}
      title={`Add an update to ${product.name}`}
      onSubmit={submit}
      error={upload.error}
      pending={upload.isPending}
      submitLabel="Add update"
      pendingLabel="Uploading…"
    >
      <UploadProgress percent={percent} />
      <Form.Group className="mb-3" controlId={`${id}-date`}>
        <Form.Label>Date</Form.Label>
        <Form.Control name="date" type="date" required defaultValue={new Date().toISOString().slice(0, 10)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-dependencies`}>
        <Form.Label>Dependencies</Form.Label>
        <Form.Control name="dependencies" defaultValue={product.dependencies} maxLength={2000} />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-file`}>
        <Form.Label>Update file</Form.Label>
        <Form.Control name="file" type="file" />
      </Form.Group>
    </FormDialog>
  );
}

/** Downloadable products with their updates. */
export function ProductsPanel() {
  const store = useStoreProducts();
  const [adding, setAdding] = useState(false);
  const [updating, setUpdating] = useState<Product | null>(null);
  return (
    <section aria-labelledby="products-title" className="mt-4">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h3 id="products-title" className="h5 mb-0">
          Products
        </h3>
        <Button onClick={() => setAdding(true)}>Add product</Button>
      </div>
      <QueryState isPending={store.isPending} error={store.error} onRetry={() => store.refetch()} />
      {store.data?.data.length === 0 && <p className="text-body-secondary">No products yet.</p>}
      {store.data && store.data.data.length > 0 && (
        <StackedTable responsive hover size="sm">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Price</th>
              <th scope="col">Media</th>
              <th scope="col">Latest update</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {store.data.data.map((product) => (
              <tr key={product.id}>
                <td>{product.name}</td>
                <td>{formatMoney(product.price, product.currency)}</td>
                <td>{product.media.length}</td>
                <td>{product.updates[0]?.date ?? '—'}</td>
                <td>
                  <Button size="sm" variant="outline-primary" onClick={() => setUpdating(product)}>
                    Add update<span className="visually-hidden"> to {product.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      {adding && <AddProductDialog onHide={() => setAdding(false)} />}
      {updating && <AddUpdateDialog product={updating} onHide={() => setUpdating(null)} />}
    </section>
  );
}
