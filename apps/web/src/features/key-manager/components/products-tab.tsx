import { type KeyProduct, PRODUCT_DELETED_MESSAGE } from '@app/contract';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDeleteProduct, useProductPage } from '../products-api';
import { LicensingSettingsCard } from './licensing-settings-form';
import { NewProductDialog, RenameProductDialog } from './product-dialog';
import { ProductPolicies } from './product-policies';

/**
 * Products tab (decision 032): the products keys belong to, each with its policies (the templates
 * keys are issued from), and the owner's licensing settings.
 */
export function ProductsTab() {
  const pages = useCursorPages('products');
  const products = useProductPage(pages.cursor);
  const remove = useDeleteProduct();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<KeyProduct | null>(null);
  const [deleting, setDeleting] = useState<KeyProduct | null>(null);
  const [chosen, setChosen] = useState<KeyProduct | null>(null);
  const listed = products.data?.products ?? [];
  // The chosen product as the list has it now (a rename shows at once).
  const shown = chosen ? (listed.find((product) => product.id === chosen.id) ?? chosen) : null;

  return (
    <>
      <section aria-labelledby="km-products-title" className="mb-4">
        <div className="d-flex flex-wrap gap-2 align-items-end justify-content-between mb-2">
          <h2 id="km-products-title" className="h5 mb-0">
            Products
          </h2>
          <Button onClick={() => setAdding(true)}>New product</Button>
        </div>
        <p className="text-body-secondary">
          Every key belongs to a product; an app names its product’s code when it validates a key. A product’s
          policies are the templates its keys are issued from.
        </p>
        <QueryState
          isPending={products.isPending}
          error={products.data ? null : products.error}
          onRetry={() => products.refetch()}
        />
        {products.data && listed.length === 0 && pages.page === 1 && (
          <Alert variant="light">No products yet.</Alert>
        )}
        {listed.length > 0 && (
          <StackedTable responsive hover className="align-middle">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Code</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listed.map((product) => (
                <tr key={product.id} data-testid={`product-row-${product.code}`}>
                  <td>
                    {product.name}
                    {product.isDefault && <span className="badge text-bg-secondary ms-2">Default</span>}
                  </td>
                  <td className="font-monospace">{product.code}</td>
                  <td>{new Date(product.createdAt).toLocaleDateString()}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant={shown?.id === product.id ? 'secondary' : 'outline-secondary'}
                      className="me-2"
                      aria-pressed={shown?.id === product.id}
                      onClick={() => setChosen(shown?.id === product.id ? null : product)}
                    >
                      Policies<span className="visually-hidden"> of {product.name}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => setRenaming(product)}
                    >
                      Rename<span className="visually-hidden"> {product.name}</span>
                    </Button>
                    {!product.isDefault && (
                      <Button size="sm" variant="outline-danger" onClick={() => setDeleting(product)}>
                        Delete<span className="visually-hidden"> {product.name}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </StackedTable>
        )}
        <CursorPager
          label="Product pages"
          page={pages.page}
          nextCursor={products.data?.nextCursor}
          onNext={pages.next}
          onPrevious={pages.previous}
          busy={products.isPlaceholderData}
        />
      </section>
      {shown ? (
        <ProductPolicies key={shown.id} product={shown} />
      ) : (
        listed.length > 0 && (
          <p className="text-body-secondary">Choose a product’s Policies to see and edit them.</p>
        )
      )}
      <LicensingSettingsCard />
      {adding && <NewProductDialog onHide={() => setAdding(false)} onCreated={setChosen} />}
      {renaming && (
        <RenameProductDialog key={renaming.id} product={renaming} onHide={() => setRenaming(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete product"
          confirmLabel="Delete product"
          pending={remove.isPending}
          error={remove.error}
          onHide={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: (reply) => {
                toast.show({ message: reply.message ?? PRODUCT_DELETED_MESSAGE });
                if (shown?.id === deleting.id) setChosen(null);
                setDeleting(null);
              },
            })
          }
        >
          <p>
            Delete <strong>{deleting.name}</strong> (<span className="font-monospace">{deleting.code}</span>)
            and its policies? Only a product without keys can be deleted.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
