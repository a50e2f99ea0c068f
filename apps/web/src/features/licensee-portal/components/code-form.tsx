import { PORTAL_LIMITS, PORTAL_STRINGS, portalText, ZPortalVerifyRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useVerifyCode } from '../portal-api';
import { usePortal } from '../portal-context';
import type { CodeAttempt } from './email-form';

const ZCodeForm = ZPortalVerifyRequest.pick({ code: true });

/** Step two: the code from the mail. Focus lands in its field, so the licensee can type at once. */
export function CodeForm({ attempt, onBack }: { attempt: CodeAttempt; onBack: () => void }) {
  const { caller } = usePortal();
  const verify = useVerifyCode(caller);
  const form = useForm<{ code: string }>({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  const onSubmit = form.handleSubmit(({ code }) => verify.mutate({ attemptId: attempt.attemptId, code }));
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={PORTAL_STRINGS.codeHeading}>
      <p role="status" className="text-break">
        {portalText('codeSent', { email: attempt.email, minutes: PORTAL_LIMITS.codeTtlMinutes })}
      </p>
      <FormErrorAlert error={verify.error} />
      <TextField
        controlId="portal-code"
        label={PORTAL_STRINGS.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="w-auto"
        style={{ letterSpacing: '0.3em' }}
        registration={{ ...form.register('code'), maxLength: PORTAL_LIMITS.codeLength }}
        error={form.formState.errors.code?.message}
      />
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <SubmitButton pending={verify.isPending} pendingLabel={PORTAL_STRINGS.signingIn}>
          {PORTAL_STRINGS.verifyCode}
        </SubmitButton>
        <Button variant="link" onClick={onBack}>
          {PORTAL_STRINGS.useAnotherEmail}
        </Button>
      </div>
    </Form>
  );
}
