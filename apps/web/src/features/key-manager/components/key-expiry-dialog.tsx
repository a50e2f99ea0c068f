import { type ExpiryBehaviour, type KeyDetail, ZChangeKeyRequest } from '@app/contract';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { useChangeKey } from '../api';
import { dateOfExpiry, expiryFromDate } from '../licensing/expiry-dates';

interface ExpiryForm {
  expiresOn: string;
  expiryBehaviour: ExpiryBehaviour;
  graceDays: string;
}
const FIELDS: Record<string, keyof ExpiryForm> = {
  expires_at: 'expiresOn',
  expiry_behaviour: 'expiryBehaviour',
  grace_days: 'graceDays',
};
const expiryField = (apiField: string): keyof ExpiryForm | undefined => FIELDS[apiField];

/** Changes one key's expiry date (empty: never), what its expiry does, and its grace days. */
export function KeyExpiryDialog({ licence, onHide }: { licence: KeyDetail; onHide: () => void }) {
  const toast = useToast();
  const change = useChangeKey();
  const form = useForm<ExpiryForm>({
    defaultValues: {
      expiresOn: dateOfExpiry(licence.expires_at),
      expiryBehaviour: licence.expiry_behaviour,
      graceDays: String(licence.grace_days),
    },
  });
  const { errors } = form.formState;
  const shownOnField = useServerFieldError(change.error, form.setError, expiryField);

  const onSubmit = form.handleSubmit((values) => {
    const expiresAt = expiryFromDate(values.expiresOn);
    if (expiresAt === undefined) {
      form.setError(
        'expiresOn',
        { message: 'Enter a date, or leave it empty for no expiry' },
        { shouldFocus: true },
      );
      return;
    }
    const parsed = ZChangeKeyRequest.safeParse({
      id: licence.id,
      expires_at: expiresAt,
      expiry_behaviour: values.expiryBehaviour,
      grace_days: values.graceDays.trim() === '' ? Number.NaN : Number(values.graceDays),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = expiryField(String(issue?.path[0])) ?? 'graceDays';
      form.setError(field, { message: issue?.message ?? 'This value is not valid' }, { shouldFocus: true });
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: () => {
        toast.show({ message: expiresAt ? 'Expiry saved' : 'The key no longer expires' });
        onHide();
      },
    });
  });

  return (
    <FormDialog
      onHide={onHide}
      title="Change expiry"
      intro={<p className="font-monospace small">{licence.key}</p>}
      onSubmit={onSubmit}
      error={shownOnField ? null : change.error}
      pending={change.isPending}
      submitLabel="Save expiry"
      pendingLabel="Saving"
    >
      <TextField
        controlId="key-expires-on"
        label="Expires on"
        type="date"
        hint="The key works through this day (UTC). Leave it empty for a key that never expires."
        registration={form.register('expiresOn')}
        error={errors.expiresOn?.message}
      />
      <Form.Group className="mb-3" controlId="key-expiry-behaviour">
        <Form.Label>At expiry</Form.Label>
        <Form.Select {...form.register('expiryBehaviour')}>
          <option value="refuse">Refuse the key</option>
          <option value="allow">Allow it, reporting it expired</option>
        </Form.Select>
      </Form.Group>
      <TextField
        controlId="key-grace-days"
        label="Grace days"
        type="number"
        hint="Days after expiry that a refused key still works (reported as expired)."
        registration={form.register('graceDays')}
        error={errors.graceDays?.message}
      />
    </FormDialog>
  );
}
