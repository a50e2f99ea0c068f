import {
  PORTAL_HANDLE_MESSAGE,
  PORTAL_LIMITS,
  type PortalSettings,
  type PortalSettingsRequest,
  ZPortalSettingsRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast/toast-context';
import { useServerFieldError } from '../../../lib/use-server-field-error';
import { PortalLogoField } from './portal-logo-field';
import { PortalMailFields } from './portal-mail-fields';
import { useSavePortalSettings } from './portal-owner-api';
import { portalFormField, portalFormValues } from './portal-settings-form';
import { SwitchField } from './switch-field';

/**
 * What the portal is and allows (ZPortalSettingsRequest, checked here with the same schema the server
 * uses). A role that cannot write sees it all, disabled; the server refuses its changes anyway.
 */
export function PortalSettingsCard({ settings, readOnly }: { settings: PortalSettings; readOnly: boolean }) {
  const toast = useToast();
  const save = useSavePortalSettings();
  const form = useForm<PortalSettingsRequest, unknown, z.output<typeof ZPortalSettingsRequest>>({
    resolver: zodResolver(ZPortalSettingsRequest),
    defaultValues: portalFormValues(settings),
  });
  const shownOnField = useServerFieldError(save.error, form.setError, portalFormField);
  const { errors } = form.formState;
  const allowRelease = form.watch('allowRelease');
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (reply) => {
        form.reset(portalFormValues(reply.settings));
        toast.show({ message: 'Portal settings saved.', variant: 'success' });
      },
    }),
  );
  return (
    <Card as="section" aria-labelledby="km-portal-settings-title" className="mb-4">
      <Card.Body>
        <h2 id="km-portal-settings-title" className="h6">
          Portal settings
        </h2>
        {readOnly && (
          <Alert variant="secondary" className="py-2">
            Your role in this account can see the portal's settings but not change them.
          </Alert>
        )}
        <PortalLogoField settings={settings} readOnly={readOnly} />
        <Form noValidate onSubmit={onSubmit} aria-label="Portal settings">
          {!shownOnField && <FormErrorAlert error={save.error} />}
          <fieldset disabled={readOnly}>
            <SwitchField
              controlId="portal-enabled"
              label="Switch the portal on"
              hint="Off, its address answers that there is no portal there."
              registration={form.register('enabled')}
            />
            <div className="row g-md-3">
              <div className="col-md-6">
                <TextField
                  controlId="portal-handle"
                  label="Handle"
                  autoComplete="off"
                  spellCheck={false}
                  hint={`The last part of the portal's address: ${PORTAL_HANDLE_MESSAGE.charAt(0).toLowerCase()}${PORTAL_HANDLE_MESSAGE.slice(1)}.`}
                  registration={form.register('handle')}
                  error={errors.handle?.message}
                />
              </div>
              <div className="col-md-6">
                <TextField
                  controlId="portal-display-name"
                  label="Display name"
                  hint="Shown at the top of the portal and in the sign-in mail."
                  registration={form.register('displayName')}
                  error={errors.displayName?.message}
                />
              </div>
              <div className="col-md-6">
                <TextField
                  controlId="portal-support-email"
                  label="Support email"
                  type="email"
                  registration={form.register('supportEmail')}
                  error={errors.supportEmail?.message}
                />
              </div>
              <div className="col-md-6">
                <TextField
                  controlId="portal-support-url"
                  label="Support page"
                  type="url"
                  placeholder="https://"
                  registration={form.register('supportUrl')}
                  error={errors.supportUrl?.message}
                />
              </div>
              <div className="col-md-6">
                <TextField
                  controlId="portal-purchase-url"
                  label="Renewal page"
                  type="url"
                  placeholder="https://"
                  hint="Offered beside an expired licence."
                  registration={form.register('purchaseUrl')}
                  error={errors.purchaseUrl?.message}
                />
              </div>
            </div>
            <fieldset className="mb-2">
              <legend className="h6">What licensees may do</legend>
              <SwitchField
                controlId="portal-allow-release"
                label="Release a device (frees its slot for another device)"
                registration={form.register('allowRelease')}
              />
              <TextField
                controlId="portal-releases"
                label="Releases per licence in 30 days"
                type="number"
                className="w-auto"
                hint={allowRelease ? undefined : 'Counts once releasing is switched on.'}
                registration={{
                  ...form.register('releasesPer30Days', { valueAsNumber: true }),
                  min: 1,
                  max: PORTAL_LIMITS.releasesPer30DaysMax,
                }}
                error={errors.releasesPer30Days?.message}
              />
              <SwitchField
                controlId="portal-allow-certificates"
                label="Download an offline certificate for a device"
                registration={form.register('allowCertificates')}
              />
            </fieldset>
            <PortalMailFields form={form} />
            {!readOnly && (
              <SubmitButton pending={save.isPending} pendingLabel="Saving">
                Save portal settings
              </SubmitButton>
            )}
          </fieldset>
        </Form>
      </Card.Body>
    </Card>
  );
}
