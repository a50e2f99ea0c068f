import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Container, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { errorMessage } from '../../../lib/api-error';
import { VERIFICATION_KEY } from '../security-keys';

/**
 * Target of the verification link (decision 033). The token goes by POST from here, not with the
 * link's GET, so mail scanners that prefetch links prove nothing; signed in or not, it works.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setResult({ ok: false, text: 'This link is incomplete. Open it again from the email.' });
      return;
    }
    // The contract's schemas load with the call, not with the log-out page that shares this chunk.
    import('../security-api')
      .then((api) => api.verifyEmail(token))
      .then((reply) => {
        setResult({ ok: true, text: reply.message });
        return queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
      })
      .catch((error: unknown) => setResult({ ok: false, text: errorMessage(error) }));
  }, [token, queryClient]);

  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h2">Verify your email address</h1>
      {result ? (
        <Alert variant={result.ok ? 'success' : 'danger'} className="mt-3">
          {result.text}
        </Alert>
      ) : (
        <p className="mt-3" role="status">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          Verifying your email address…
        </p>
      )}
      <LinkButton to="/profile" variant="outline-primary">
        Go to your profile
      </LinkButton>
    </Container>
  );
}
