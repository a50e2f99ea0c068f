import { PORTAL_STRINGS, type PortalKeySignInRequest, ZPortalKeySignInRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useKeySignIn } from '../portal-api';
import { usePortal } from '../portal-context';

/** "Or open one licence with its key": a key session sees that licence and nothing else. */
export function KeyForm({ defaultKey }: { defaultKey: string }) {
  const { caller } = usePortal();
  const signIn = useKeySignIn(caller);
  const form = useForm<PortalKeySignInRequest>({
    resolver: zodResolver(ZPortalKeySignInRequest),
    defaultValues: { licenseKey: defaultKey },
  });
  const onSubmit = form.handleSubmit(({ licenseKey }) => signIn.mutate(licenseKey));
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={PORTAL_STRINGS.keyHeading}>
      <FormErrorAlert error={signIn.error} />
      <TextField
        controlId="portal-key"
        label={PORTAL_STRINGS.keyLabel}
        autoComplete="off"
        spellCheck={false}
        className="font-monospace"
        registration={form.register('licenseKey')}
        error={form.formState.errors.licenseKey?.message}
      />
      <SubmitButton pending={signIn.isPending} pendingLabel={PORTAL_STRINGS.openingLicence}>
        {PORTAL_STRINGS.openWithKey}
      </SubmitButton>
    </Form>
  );
}
