import { useEffect, useRef, useState } from 'react';
import { Alert, Container, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { errorMessage } from '../../../lib/api-error';
import { PageMeta } from '../components/page-meta';

type Action = 'confirm' | 'unsubscribe';

const COPY: Record<Action, { title: string; pending: string }> = {
  confirm: { title: 'Confirm your subscription', pending: 'Confirming your subscription' },
  unsubscribe: { title: 'Unsubscribe', pending: 'Unsubscribing' },
};

/**
 * Target of the links in the newsletter mail. The token is sent by POST from here, not by the
 * GET of the link itself, so mail scanners that prefetch links cannot confirm or unsubscribe anyone.
 */
function NewsletterLinkPage({ action }: { action: Action }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setResult({ ok: false, text: 'This link is incomplete. Open it again from the email.' });
      return;
    }
    import('../newsletter-api')
      .then((api) => (action === 'confirm' ? api.confirmSubscription(token) : api.unsubscribe(token)))
      .then((reply) => setResult({ ok: true, text: reply.message }))
      .catch((error: unknown) => setResult({ ok: false, text: errorMessage(error) }));
  }, [action, token]);

  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <PageMeta
        title={COPY[action].title}
        description="Manage your newsletter subscription."
        path={`/newsletter/${action}`}
      />
      <h1 className="h2">{COPY[action].title}</h1>
      {result ? (
        <Alert variant={result.ok ? 'success' : 'danger'} className="mt-3">
          {result.text}
        </Alert>
      ) : (
        <p className="mt-3" role="status">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          {COPY[action].pending}…
        </p>
      )}
      <LinkButton to="/" variant="outline-primary">
        Back to the home page
      </LinkButton>
    </Container>
  );
}

export const NewsletterConfirmPage = () => <NewsletterLinkPage action="confirm" />;
export const NewsletterUnsubscribePage = () => <NewsletterLinkPage action="unsubscribe" />;
