import { type ChangeKeyRequest, type KeyDetail, ZChangeKeyRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useChangeKey } from '../api';
import { CustomerFields } from './customer-fields';

const FIELDS = ['customer_name', 'customer_email', 'customer_ref'] as const;
const customerField = (apiField: string) => FIELDS.find((name) => name === apiField);

/** Edits who a key is issued to; an emptied field clears it. */
export function KeyCustomerDialog({ licence, onHide }: { licence: KeyDetail; onHide: () => void }) {
  const toast = useToast();
  const change = useChangeKey();
  const form = useForm<ChangeKeyRequest, unknown, z.output<typeof ZChangeKeyRequest>>({
    resolver: zodResolver(ZChangeKeyRequest),
    defaultValues: {
      id: licence.id,
      customer_name: licence.customer_name ?? '',
      customer_email: licence.customer_email ?? '',
      customer_ref: licence.customer_ref ?? '',
    },
  });
  const { errors } = form.formState;
  const shownOnField = useServerFieldError(change.error, form.setError, customerField);
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      {
        id: licence.id,
        customer_name: values.customer_name ?? '',
        customer_email: values.customer_email ?? '',
        customer_ref: values.customer_ref ?? '',
      },
      {
        onSuccess: () => {
          toast.show({ message: 'Customer saved' });
          onHide();
        },
      },
    ),
  );
  return (
    <FormDialog
      onHide={onHide}
      title="Edit customer"
      intro={<p className="font-monospace small">{licence.key}</p>}
      onSubmit={onSubmit}
      error={shownOnField ? null : change.error}
      pending={change.isPending}
      submitLabel="Save customer"
      pendingLabel="Saving"
    >
      <CustomerFields
        idPrefix="key"
        legend={null}
        registrations={{
          name: form.register('customer_name'),
          email: form.register('customer_email'),
          ref: form.register('customer_ref'),
        }}
        errors={{
          name: errors.customer_name?.message,
          email: errors.customer_email?.message,
          ref: errors.customer_ref?.message,
        }}
      />
    </FormDialog>
  );
}
