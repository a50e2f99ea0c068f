import type { WebhookAttempt } from '@app/contract';
import { Alert, Badge, Button } from 'react-bootstrap';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useRedeliverWebhook, useWebhookDeliveries } from '../webhooks-api';

function outcome(attempt: WebhookAttempt) {
  if (attempt.succeeded) return <Badge bg="success">{attempt.statusCode}</Badge>;
  if (attempt.statusCode !== null) return <Badge bg="danger">{attempt.statusCode}</Badge>;
  return <Badge bg="secondary">No answer</Badge>;
}

/** One endpoint's delivery log: every attempt, newest first, with what the endpoint answered. */
export function WebhookDeliveryLog({
  endpointId,
  canRedeliver,
}: {
  endpointId: string;
  canRedeliver: boolean;
}) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  const toast = useToast();
  const attempts = deliveries.data?.pages.flatMap((page) => page.attempts) ?? [];

  const onRedeliver = (attempt: WebhookAttempt) =>
    redeliver.mutate(
      { endpointId, deliveryId: attempt.deliveryId },
      {
        onSuccess: () => toast.show({ message: `Event ${attempt.eventId} queued again` }),
        onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
      },
    );

  return (
    <section aria-label="Delivery log">
      <QueryState
        isPending={deliveries.isPending}
        error={deliveries.data ? null : deliveries.error}
        onRetry={() => deliveries.refetch()}
      />
      {deliveries.data && attempts.length === 0 && (
        <Alert variant="light" className="mb-0">
          No deliveries yet. Send a test event, or change a key.
        </Alert>
      )}
      {attempts.length > 0 && (
        <StackedTable responsive size="sm" className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Attempt</th>
              <th scope="col">Result</th>
              <th scope="col">Latency</th>
              <th scope="col">Response</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id}>
                <td className="text-nowrap">{new Date(attempt.createdAt).toLocaleString()}</td>
                <td>
                  <code>{attempt.eventType}</code>
                  <div className="small text-body-secondary font-monospace">{attempt.eventId}</div>
                </td>
                <td>
                  {attempt.attempt}
                  {attempt.deliveryStatus === 'pending' && !attempt.succeeded && (
                    <div className="small text-body-secondary">retrying</div>
                  )}
                </td>
                <td>{outcome(attempt)}</td>
                <td className="text-nowrap">{attempt.latencyMs} ms</td>
                <td className="small" style={{ maxWidth: '22rem' }}>
                  {attempt.error && <div className="text-danger text-break">{attempt.error}</div>}
                  {attempt.responseExcerpt && (
                    <details>
                      <summary>Body</summary>
                      <pre className="small mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                        {attempt.responseExcerpt}
                      </pre>
                    </details>
                  )}
                </td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    disabled={redeliver.isPending || !canRedeliver}
                    title={canRedeliver ? undefined : 'Enable the endpoint to redeliver'}
                    onClick={() => onRedeliver(attempt)}
                  >
                    Redeliver<span className="visually-hidden"> {attempt.eventId}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <LoadMore query={deliveries} />
    </section>
  );
}
