import { type ChangeKeyRequest, type DashboardKey, ZChangeKeyRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useChangeKey } from '../api';

const EDITABLE = ['max_activations', 'current_activations', 'name'] as const;
/** The API's field names are the form's; only the inputs shown here can carry an error. */
const editableField = (apiField: string) => EDITABLE.find((name) => name === apiField);

/** Edits limit, count (e.g. reset after a reinstall) and name of one key. Mounted per key. */
export function EditKeyDialog({ licence, onHide }: { licence: DashboardKey; onHide: () => void }) {
  const toast = useToast();
  const mutation = useChangeKey();
  const form = useForm<ChangeKeyRequest, unknown, z.output<typeof ZChangeKeyRequest>>({
    resolver: zodResolver(ZChangeKeyRequest),
    defaultValues: {
      id: licence.id,
      max_activations: licence.max_activations,
      current_activations: licence.current_activations,
      is_active: licence.is_active,
      name: licence.name ?? '',
    },
  });
  const { errors } = form.formState;
  const shownOnField = useServerFieldError(mutation.error, form.setError, editableField);
  // Only edited fields are sent, so an activation made through the API meanwhile is kept. Compared
  // with the key as opened, not read from formState.dirtyFields: react-hook-form tracks that only when
  // the render reads it, so read in the submit handler alone it stayed empty and Save sent nothing.
  const onSubmit = form.handleSubmit((values) => {
    const body: ChangeKeyRequest = { id: licence.id };
    if (values.max_activations !== licence.max_activations) body.max_activations = values.max_activations;
    if (values.current_activations !== licence.current_activations)
      body.current_activations = values.current_activations;
    if (values.is_active !== licence.is_active) body.is_active = values.is_active;
    if ((values.name ?? '') !== (licence.name ?? '')) body.name = values.name ?? '';
    mutation.mutate(body, {
      onSuccess: () => {
        toast.show({ message: 'Key saved' });
        onHide();
      },
    });
  });

  return (
    <FormDialog
      onHide={onHide}
      title="Edit key"
      onSubmit={onSubmit}
      intro={<p className="font-monospace small">{licence.key}</p>}
      error={shownOnField ? null : mutation.error}
      pending={mutation.isPending}
      submitLabel="Save"
      pendingLabel="Saving"
    >
      <TextField
        controlId="edit-key-max"
        label="Max activations"
        type="number"
        hint="0 means unlimited."
        registration={form.register('max_activations', { valueAsNumber: true })}
        error={errors.max_activations?.message}
      />
      <TextField
        controlId="edit-key-current"
        label="Current activations"
        type="number"
        registration={form.register('current_activations', { valueAsNumber: true })}
        error={errors.current_activations?.message}
      />
      <TextField
        controlId="edit-key-name"
        label="Name (optional)"
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <Form.Check type="switch" id="edit-key-active" label="Active" {...form.register('is_active')} />
    </FormDialog>
  );
}
