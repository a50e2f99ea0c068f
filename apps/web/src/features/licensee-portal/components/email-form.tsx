import { PORTAL_STRINGS, type PortalCodeRequest, ZPortalCodeRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useRequestCode } from '../portal-api';
import { usePortal } from '../portal-context';

export interface CodeAttempt {
  attemptId: string;
  email: string;
}

/** Step one of the email sign-in: the address the licences are issued to. */
export function EmailForm({
  defaultEmail,
  onSent,
}: {
  defaultEmail: string;
  onSent: (attempt: CodeAttempt) => void;
}) {
  const { caller } = usePortal();
  const request = useRequestCode(caller);
  const form = useForm<PortalCodeRequest>({
    resolver: zodResolver(ZPortalCodeRequest),
    defaultValues: { email: defaultEmail },
  });
  const onSubmit = form.handleSubmit(({ email }) =>
    request.mutate(email, { onSuccess: (reply) => onSent({ attemptId: reply.attemptId, email }) }),
  );
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={PORTAL_STRINGS.signInHeading}>
      <FormErrorAlert error={request.error} />
      <TextField
        controlId="portal-email"
        label={PORTAL_STRINGS.emailLabel}
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={form.formState.errors.email?.message}
      />
      <SubmitButton pending={request.isPending} pendingLabel={PORTAL_STRINGS.sendingCode}>
        {PORTAL_STRINGS.sendCode}
      </SubmitButton>
    </Form>
  );
}
