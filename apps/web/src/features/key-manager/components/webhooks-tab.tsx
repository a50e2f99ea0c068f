import { WEBHOOK_ENDPOINT_LIMIT, type WebhookEndpoint } from '@app/contract';
import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import {
  useRemoveWebhookEndpoint,
  useRollWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '../webhooks-api';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { WebhookSecretModal } from './webhook-secret-modal';

/** Webhooks tab: endpoints that hear about key changes, their signing secrets and delivery logs. */
export function WebhooksTab() {
  const endpoints = useWebhookEndpoints();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const update = useUpdateWebhookEndpoint();
  const remove = useRemoveWebhookEndpoint();
  const roll = useRollWebhookSecret();
  const sendTest = useSendTestWebhook();
  const count = endpoints.data?.length ?? 0;

  const toggle = (endpoint: WebhookEndpoint) =>
    update.mutate(
      { id: endpoint.id, enabled: !endpoint.enabled },
      {
        onSuccess: (reply) =>
          toast.show({ message: `Endpoint ${reply.endpoint.enabled ? 'enabled' : 'disabled'}` }),
        onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
      },
    );

  const test = (endpoint: WebhookEndpoint) =>
    sendTest.mutate(endpoint.id, {
      onSuccess: (reply) => {
        toast.show({ message: reply.message });
        setOpen(endpoint.id);
      },
      onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
    });

  return (
    <section aria-labelledby="km-webhooks-title">
      <div className="d-flex flex-wrap gap-2 align-items-end justify-content-between mb-2">
        <h2 id="km-webhooks-title" className="h5 mb-0">
          Webhook endpoints{' '}
          <small className="text-body-secondary">
            ({count} of {WEBHOOK_ENDPOINT_LIMIT})
          </small>
        </h2>
        <Button onClick={() => setAdding(true)} disabled={count >= WEBHOOK_ENDPOINT_LIMIT}>
          Add endpoint
        </Button>
      </div>
      <p className="text-body-secondary">
        Hear about your keys without polling: each event is POSTed as JSON to your endpoints, signed with the
        endpoint's secret, and retried for more than a day until your endpoint answers 2xx.{' '}
        <Link to={`${REST_DOCS_PATH}?tab=webhooks`}>How to verify a delivery</Link>
      </p>
      <QueryState
        isPending={endpoints.isPending}
        error={endpoints.error}
        onRetry={() => endpoints.refetch()}
      />
      {endpoints.data && endpoints.data.length === 0 && (
        <Alert variant="light">No endpoints yet. Add one to receive key events.</Alert>
      )}
      {endpoints.data?.map((endpoint) => (
        <Card key={endpoint.id} className="mb-3">
          <Card.Body>
            <div className="d-flex flex-wrap gap-2 justify-content-between align-items-start">
              <div className="text-break">
                <div className="font-monospace">{endpoint.url}</div>
                {endpoint.description && (
                  <div className="small text-body-secondary">{endpoint.description}</div>
                )}
                <div className="small mt-1">
                  {endpoint.events.map((type) => (
                    <code key={type} className="me-2">
                      {type}
                    </code>
                  ))}
                </div>
                {endpoint.product && (
                  <div className="small mt-1">
                    Product <span className="font-monospace">{endpoint.product}</span> only
                  </div>
                )}
                <div className="small text-body-secondary mt-1">
                  Signing secret <span className="font-monospace">{endpoint.secretHint}</span>
                </div>
              </div>
              <Form.Check
                type="switch"
                id={`webhook-enabled-${endpoint.id}`}
                label="Enabled"
                checked={endpoint.enabled}
                disabled={update.isPending}
                onChange={() => toggle(endpoint)}
              />
            </div>
            <div className="d-flex flex-wrap gap-2 mt-3">
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                aria-expanded={open === endpoint.id}
              >
                {open === endpoint.id ? 'Hide deliveries' : 'Deliveries'}
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={sendTest.isPending || !endpoint.enabled}
                onClick={() => test(endpoint)}
              >
                Send test event
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(endpoint)}>
                Edit
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setRolling(endpoint)}>
                Roll secret
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => setRemoving(endpoint)}>
                Remove<span className="visually-hidden"> {endpoint.url}</span>
              </Button>
            </div>
            {open === endpoint.id && (
              <div className="mt-3">
                <WebhookDeliveryLog endpointId={endpoint.id} canRedeliver={endpoint.enabled} />
              </div>
            )}
          </Card.Body>
        </Card>
      ))}
      {adding && <WebhookEndpointDialog onHide={() => setAdding(false)} onCreated={setSecret} />}
      {editing && <WebhookEndpointDialog endpoint={editing} onHide={() => setEditing(null)} />}
      <WebhookSecretModal secret={secret} onHide={() => setSecret(null)} />
      {rolling && (
        <ConfirmDialog
          title="Roll signing secret"
          confirmLabel="Roll secret"
          pending={roll.isPending}
          error={roll.error}
          onHide={() => {
            roll.reset();
            setRolling(null);
          }}
          onConfirm={() =>
            roll.mutate(rolling.id, {
              onSuccess: (reply) => {
                setRolling(null);
                setSecret(reply.secret);
              },
            })
          }
        >
          <p>
            Create a new secret for <span className="font-monospace text-break">{rolling.url}</span>? The old
            one stops signing at once, so update your endpoint right after.
          </p>
        </ConfirmDialog>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove endpoint"
          confirmLabel="Remove"
          pending={remove.isPending}
          error={remove.error}
          onHide={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.show({ message: 'Endpoint removed' });
                setRemoving(null);
              },
            })
          }
        >
          <p>
            Remove <span className="font-monospace text-break">{removing.url}</span> and its delivery log?
            Pending retries stop.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
