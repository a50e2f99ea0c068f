import { type AddKeyRequest, ZAddKeyRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useAddKey } from '../api';

/**
 * Add-key dialog; a refusal (e.g. the plan's key limit) shows in the red banner
 * (docs/product-contract.md §Messages).
 */
export function AddKeyDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const toast = useToast();
  const mutation = useAddKey();
  const form = useForm<AddKeyRequest, unknown, z.output<typeof ZAddKeyRequest>>({
    resolver: zodResolver(ZAddKeyRequest),
    defaultValues: { maxActivations: 1, isActivated: true, name: '' },
  });
  const { errors } = form.formState;

  const close = () => {
    mutation.reset();
    form.reset();
    onHide();
  };
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        toast.show({ message: `Key ${reply.key.key} created` });
        close();
      },
    }),
  );

  return (
    <FormDialog
      show={show}
      onHide={close}
      title="Add key"
      onSubmit={onSubmit}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Create key"
      pendingLabel="Creating"
    >
      <TextField
        controlId="add-key-max"
        label="Max activations"
        type="number"
        hint="0 means unlimited."
        registration={form.register('maxActivations', { valueAsNumber: true })}
        error={errors.maxActivations?.message}
      />
      <TextField
        controlId="add-key-name"
        label="Name (optional)"
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <Form.Check
        type="switch"
        id="add-key-active"
        label="Active (usable for activation)"
        {...form.register('isActivated')}
      />
    </FormDialog>
  );
}
