import { LICENSING_SETTINGS_SAVED_MESSAGE, type LicensingSettings, ZLicensingSettings } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { QueryState } from '../../../components/query-state';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useLicensingSettings, useSaveLicensingSettings } from '../products-api';

/** The owner's licensing settings: how many days before a key expires the `key.expiring` webhook is sent. */
export function LicensingSettingsCard() {
  const settings = useLicensingSettings();
  return (
    <Card as="section" aria-labelledby="km-licensing-settings-title" className="mb-4">
      <Card.Body>
        <h2 id="km-licensing-settings-title" className="h6">
          Licensing settings
        </h2>
        <QueryState
          isPending={settings.isPending}
          error={settings.data ? null : settings.error}
          onRetry={() => settings.refetch()}
        />
        {settings.data && <SettingsForm saved={settings.data} />}
      </Card.Body>
    </Card>
  );
}

function SettingsForm({ saved }: { saved: LicensingSettings }) {
  const toast = useToast();
  const save = useSaveLicensingSettings();
  const form = useForm<LicensingSettings>({
    resolver: zodResolver(ZLicensingSettings),
    defaultValues: saved,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (reply) => toast.show({ message: reply.message ?? LICENSING_SETTINGS_SAVED_MESSAGE }),
    }),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Licensing settings">
      <FormErrorAlert error={save.error} />
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <TextField
          controlId="licensing-notice-days"
          label="Expiring notice (days)"
          type="number"
          className="w-auto"
          hint="How many days before a key expires your webhooks hear key.expiring."
          registration={form.register('expiringNoticeDays', { valueAsNumber: true })}
          error={errors.expiringNoticeDays?.message}
        />
        <SubmitButton pending={save.isPending} pendingLabel="Saving" className="mt-md-4">
          Save settings
        </SubmitButton>
      </div>
    </Form>
  );
}
