import { useId, useState } from 'react';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api-error';
import { useEmailVerification, useResendVerification } from '../security-api';

/**
 * The profile's word on an unproven address (decision 033): "Unverified", what it keeps the person
 * from, and "Send the link again" (3 an hour; the server's refusal is shown as it says it).
 */
export function EmailVerificationNotice() {
  const titleId = useId();
  const { data } = useEmailVerification();
  const resend = useResendVerification();
  const [sent, setSent] = useState<string | null>(null);
  if (!data || data.verified) return null;
  return (
    <Alert variant="warning" role="region" aria-labelledby={titleId} className="mb-4">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto">
          <Badge bg="warning" text="dark" className="me-2">
            Unverified
          </Badge>
          <strong id={titleId}>Your email address {data.email} is unverified.</strong> Open the link we mailed
          you to pay, create API keys and invite members.
        </div>
        <Button
          size="sm"
          variant="outline-dark"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (reply) => setSent(reply.message),
              onError: () => setSent(null),
            })
          }
        >
          {resend.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Send the link again
        </Button>
      </div>
      <div role="status" className="small mt-2">
        {sent}
        {resend.error ? <span className="text-danger">{errorMessage(resend.error)}</span> : null}
      </div>
    </Alert>
  );
}
