import { PORTAL_STRINGS } from '@app/contract';
import { useEffect, useRef } from 'react';
import { Alert } from 'react-bootstrap';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { useVerifyCode } from '../portal-api';
import { usePortal } from '../portal-context';

/**
 * The mailed link (`#attempt=…&code=…`) signs in at once. Sent once (a ref, since a code is
 * single-use and StrictMode runs effects twice); a refusal is shown above the ordinary forms.
 */
export function LinkSignIn({
  attemptId,
  code,
  onRefused,
}: {
  attemptId: string;
  code: string;
  onRefused: () => void;
}) {
  const { caller } = usePortal();
  const verify = useVerifyCode(caller);
  const sent = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ attemptId, code, fromLink: true }, { onError: onRefused });
  }, [mutate, attemptId, code, onRefused]);
  if (verify.isError) {
    return (
      <Alert variant="danger" className="py-2">
        {errorMessage(verify.error)}
      </Alert>
    );
  }
  if (verify.isSuccess) return null;
  return (
    <div aria-live="polite">
      <PageSpinner label={PORTAL_STRINGS.linkSigningIn} />
      <p className="text-center text-muted">{PORTAL_STRINGS.linkSigningIn}</p>
    </div>
  );
}
