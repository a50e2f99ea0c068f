import type { ApiKeyInformation, ApiKeyType } from '@app/contract';
import { useState } from 'react';
import { Alert, Badge, Button, Form, Modal } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { useApiKeys, useGenerateApiKey, useRevokeApiKey } from '../api';
import { useProductOptions } from '../products-api';
import { ApiSandbox } from './api-sandbox';
import { RollApiKeyDialog } from './roll-api-key-dialog';
import { SecretValue } from './secret-value';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

const TYPE_LABELS: Record<ApiKeyType, string> = { secret: 'Secret', publishable: 'Publishable' };

/** How long until a rolled key stops, in words ("in 3 h 20 min"); null once it has. */
function timeLeft(iso: string): string | null {
  const minutes = Math.ceil((Date.parse(iso) - Date.now()) / 60_000);
  if (minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) return `in ${Math.round(hours / 24)} days`;
  return hours > 0 ? `in ${hours} h ${minutes % 60} min` : `in ${minutes} min`;
}

/** A rolled key's line (decision 037): what replaced it and when it stops. */
function RolledNote({ info, keys }: { info: ApiKeyInformation; keys: readonly ApiKeyInformation[] }) {
  if (!info.expires_at) return null;
  const replacement = keys.find((other) => other.id === info.replaced_by);
  const left = timeLeft(info.expires_at);
  return (
    <div className="small text-warning-emphasis" data-testid="api-key-rolled-note">
      Replaced
      {replacement ? (
        <>
          {' '}
          by <span className="font-monospace">{replacement.key}</span>
        </>
      ) : null}
      ;{' '}
      {left ? `stops working ${when(info.expires_at)} (${left})` : `stopped working ${when(info.expires_at)}`}
    </div>
  );
}

/**
 * API tab: generate (the full key is shown once; optionally for one product only, decision 032), list
 * masked keys with usage, roll with an overlap (decision 037), revoke.
 */
export function ApiTab() {
  const apiKeys = useApiKeys();
  const generate = useGenerateApiKey();
  const revoke = useRevokeApiKey();
  const toast = useToast();
  const [name, setName] = useState('');
  const [type, setType] = useState<ApiKeyType>('secret');
  const [productId, setProductId] = useState('');
  const products = useProductOptions();
  const productName = (id: string | null) =>
    id === null ? 'All' : (products.data?.find((product) => product.id === id)?.name ?? '…');
  const [created, setCreated] = useState<{ key: string; type: ApiKeyType } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyInformation | null>(null);
  const [rolling, setRolling] = useState<ApiKeyInformation | null>(null);

  const onGenerate = (event: React.FormEvent) => {
    event.preventDefault();
    generate.mutate(
      { name: name.trim(), type, productId },
      {
        onSuccess: (reply) => {
          setCreated({ key: reply.key, type: reply.type });
          setName('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="km-api-title">
      <h2 id="km-api-title" className="h5">
        API keys
      </h2>
      <p className="text-body-secondary">
        Applications call the REST API and the Java library with an API key as a bearer token. A{' '}
        <strong>secret key</strong> (<code>km_live_…</code>) may do everything: keep it on your server. A{' '}
        <strong>publishable key</strong> (<code>km_pub_…</code>) may be shipped inside an app or a web page:
        it may only get key information, validate a key, start a trial, activate, deactivate and heartbeat a
        device by its fingerprint, and check out that device's offline licence.
      </p>
      {/* Its own line, held while the plan loads: text arriving inside the paragraph above reflowed
          it and moved the form down under a click (the Generate click's press and release landed on
          different elements, and no key was made). */}
      <p className="small text-body-secondary" style={{ minHeight: '1.5em' }}>
        {apiKeys.data?.callsPerMinute
          ? `Each API key may make up to ${apiKeys.data.callsPerMinute} calls per minute.`
          : ''}
      </p>
      <Form onSubmit={onGenerate} className="d-flex flex-wrap gap-2 align-items-end mb-1">
        <Form.Group controlId="api-key-name">
          <Form.Label>Name (optional)</Form.Label>
          <Form.Control value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Form.Group>
        <Form.Group controlId="api-key-type">
          <Form.Label>Type</Form.Label>
          <Form.Select value={type} onChange={(e) => setType(e.target.value as ApiKeyType)}>
            <option value="secret">Secret (server)</option>
            <option value="publishable">Publishable (apps, web pages)</option>
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="api-key-product">
          <Form.Label>Product</Form.Label>
          <Form.Select
            value={productId}
            disabled={!products.data}
            onChange={(e) => setProductId(e.target.value)}
            aria-describedby="api-key-product-hint"
          >
            <option value="">All products</option>
            {products.data?.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" disabled={generate.isPending}>
          Generate API key
        </Button>
      </Form>
      <Form.Text id="api-key-product-hint" muted className="d-block mb-3">
        A key for one product sees only that product’s licence keys.
      </Form.Text>
      <FormErrorAlert error={generate.error} />
      <QueryState isPending={apiKeys.isPending} error={apiKeys.error} onRetry={() => apiKeys.refetch()} />
      {apiKeys.data && apiKeys.data.keysInformation.length === 0 && (
        <Alert variant="light">No API keys yet.</Alert>
      )}
      {apiKeys.data && apiKeys.data.keysInformation.length > 0 && (
        <StackedTable responsive className="align-middle">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Type</th>
              <th scope="col">Product</th>
              <th scope="col">Last used</th>
              <th scope="col">Requests made</th>
              <th scope="col">Remaining this minute</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {apiKeys.data.keysInformation.map((info) => (
              <tr key={info.id}>
                <td>
                  {info.name && <div className="small text-body-secondary">{info.name}</div>}
                  <span className="font-monospace">{info.key}</span>
                  <RolledNote info={info} keys={apiKeys.data.keysInformation} />
                </td>
                <td>
                  <Badge
                    bg={info.type === 'secret' ? 'dark' : 'info'}
                    text={info.type === 'secret' ? undefined : 'dark'}
                  >
                    {TYPE_LABELS[info.type]}
                  </Badge>
                </td>
                <td>{productName(info.product_id)}</td>
                <td>{when(info.last_used)}</td>
                <td>{info.requests_made}</td>
                <td>{info.remaining_requests}</td>
                <td className="text-end text-nowrap">
                  {!info.replaced_by && (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-2"
                      onClick={() => setRolling(info)}
                    >
                      Roll<span className="visually-hidden"> {info.key}</span>
                    </Button>
                  )}
                  <Button size="sm" variant="outline-danger" onClick={() => setRevoking(info)}>
                    Revoke<span className="visually-hidden"> {info.key}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <ApiSandbox />
      <Modal show={created !== null} onHide={() => setCreated(null)} aria-labelledby="new-api-key-title">
        <Modal.Header closeButton>
          <Modal.Title id="new-api-key-title">
            Your new {created ? TYPE_LABELS[created.type].toLowerCase() : ''} API key
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Alert variant="warning">Copy it now: it is shown only once. We keep only a hash of it.</Alert>
          {created && <SecretValue value={created.key} copyLabel="Copy API key" testId="new-api-key" />}
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={() => setCreated(null)}>Done</Button>
        </Modal.Footer>
      </Modal>
      {rolling && <RollApiKeyDialog apiKey={rolling} onHide={() => setRolling(null)} />}
      {revoking && (
        <ConfirmDialog
          title="Revoke API key"
          confirmLabel="Revoke"
          pending={revoke.isPending}
          error={revoke.error}
          onHide={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                toast.show({ message: 'API key revoked' });
                setRevoking(null);
              },
            })
          }
        >
          <p>
            Revoke <span className="font-monospace">{revoking.key}</span>? Applications using it stop working
            within a few seconds.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
