import {
  type CreateProductRequest,
  type KeyProduct,
  ZCreateProductRequest,
  ZUpdateProductRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useCreateProduct, useRenameProduct } from '../products-api';

const FIELDS = ['code', 'name'] as const;
const productField = (apiField: string) => FIELDS.find((name) => name === apiField);
const nameField = (apiField: string) => (apiField === 'name' ? ('name' as const) : undefined);

/** A new product: its code (what apps name when they validate) and its name. */
export function NewProductDialog({
  onHide,
  onCreated,
}: {
  onHide: () => void;
  onCreated?: (product: KeyProduct) => void;
}) {
  const toast = useToast();
  const create = useCreateProduct();
  const form = useForm<CreateProductRequest, unknown, z.output<typeof ZCreateProductRequest>>({
    resolver: zodResolver(ZCreateProductRequest),
    defaultValues: { code: '', name: '' },
  });
  const { errors } = form.formState;
  const shownOnField = useServerFieldError(create.error, form.setError, productField);
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (reply) => {
        toast.show({ message: reply.message });
        onCreated?.(reply.product);
        onHide();
      },
    }),
  );
  return (
    <FormDialog
      onHide={onHide}
      title="New product"
      onSubmit={onSubmit}
      error={shownOnField ? null : create.error}
      pending={create.isPending}
      submitLabel="Create product"
      pendingLabel="Creating"
    >
      <TextField
        controlId="product-code"
        label="Code"
        autoCapitalize="off"
        spellCheck={false}
        hint="What your app names when it validates a key, e.g. photo-studio. Lowercase letters, digits, dot, dash, underscore; it cannot change."
        registration={form.register('code')}
        error={errors.code?.message}
      />
      <TextField
        controlId="product-name"
        label="Name"
        registration={form.register('name')}
        error={errors.name?.message}
      />
    </FormDialog>
  );
}

/** Renames a product; its code stays. */
export function RenameProductDialog({ product, onHide }: { product: KeyProduct; onHide: () => void }) {
  const toast = useToast();
  const rename = useRenameProduct();
  const form = useForm<{ name: string }, unknown, z.output<typeof ZUpdateProductRequest>>({
    resolver: zodResolver(ZUpdateProductRequest),
    defaultValues: { name: product.name },
  });
  const { errors } = form.formState;
  const shownOnField = useServerFieldError(rename.error, form.setError, nameField);
  const onSubmit = form.handleSubmit(({ name }) =>
    rename.mutate(
      { id: product.id, name },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message });
          onHide();
        },
      },
    ),
  );
  return (
    <FormDialog
      onHide={onHide}
      title={`Rename ${product.name}`}
      intro={
        <p className="small text-body-secondary">
          Code: <span className="font-monospace">{product.code}</span>
        </p>
      }
      onSubmit={onSubmit}
      error={shownOnField ? null : rename.error}
      pending={rename.isPending}
      submitLabel="Save"
      pendingLabel="Saving"
    >
      <TextField
        controlId="rename-product-name"
        label="Name"
        registration={form.register('name')}
        error={errors.name?.message}
      />
    </FormDialog>
  );
}
