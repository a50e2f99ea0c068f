import type { Device, KeyDetail } from '@app/contract';
import { type ReactNode, useState } from 'react';
import { Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useChangeKey } from '../api';
import { UsageCard } from '../components/analytics/usage-card';
import { CopyButton } from '../components/copy-button';
import { KeyCustomerDialog } from '../components/key-customer-dialog';
import { KeyDevicesPanel, ReleaseDeviceConfirm } from '../components/key-devices-panel';
import { KeyExpiryDialog } from '../components/key-expiry-dialog';
import { KeyHistory } from '../components/key-history';
import { KeyStatusBadge } from '../components/key-status-badge';
import { useKeyDetail } from '../key-page-api';
import { describeLicenceDuration, formatExpiry } from '../licensing/expiry-dates';
import { textOfMetadata } from '../licensing/metadata-text';

const KEYS_TAB = '/store/key-manager?tab=keys';

/** /store/key-manager/keys/:id: one key with everything it carries, its devices, its calls (decision 037) and its history. */
export function KeyPage() {
  const { id = '' } = useParams();
  const detail = useKeyDetail(id);
  return (
    <Container className="py-4">
      <p className="mb-2">
        <Link to={KEYS_TAB}>← Licence keys</Link>
      </p>
      {detail.data ? (
        <KeyView licence={detail.data} />
      ) : (
        <>
          <h1 className="h3 mb-3">Licence key</h1>
          <QueryState isPending={detail.isPending} error={detail.error} onRetry={() => detail.refetch()} />
        </>
      )}
    </Container>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children}</dd>
    </>
  );
}

function KeyView({ licence }: { licence: KeyDetail }) {
  const toast = useToast();
  const change = useChangeKey();
  const [dialog, setDialog] = useState<'expiry' | 'customer' | null>(null);
  const [releasing, setReleasing] = useState<Device | null>(null);
  const entitlements = Object.entries(licence.entitlements);
  const metadata = textOfMetadata(licence.metadata);
  const customer = [licence.customer_name, licence.customer_email, licence.customer_ref].some(Boolean);

  const suspend = () =>
    change.mutate(
      { id: licence.id, suspended: !licence.suspended },
      {
        onSuccess: (reply) =>
          toast.show({ message: reply.key.suspended ? 'Key suspended' : 'Key reinstated' }),
        onError: (error) => toast.show({ variant: 'danger', message: errorMessage(error) }),
      },
    );

  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0">
          <span className="visually-hidden">Licence key </span>
          <span className="font-monospace text-break">{licence.key}</span>
        </h1>
        <CopyButton text={licence.key} label={`Copy key ${licence.key}`} />
        <KeyStatusBadge status={licence.status} />
        {licence.trial && licence.status !== 'trial' && (
          <span className="text-body-secondary">(trial key)</span>
        )}
      </div>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <Button
          variant={licence.suspended ? 'success' : 'outline-danger'}
          onClick={suspend}
          disabled={change.isPending}
        >
          {licence.suspended ? 'Reinstate' : 'Suspend'}
        </Button>
        <Button variant="outline-primary" onClick={() => setDialog('expiry')}>
          Change expiry
        </Button>
        <Button variant="outline-primary" onClick={() => setDialog('customer')}>
          Edit customer
        </Button>
      </div>
      <Row className="g-4 mb-4">
        <Col lg={7}>
          <Card as="section" aria-labelledby="key-licence-title" className="h-100">
            <Card.Body>
              <h2 id="key-licence-title" className="h5">
                Licence
              </h2>
              <dl className="row mb-0" data-testid="key-facts">
                {licence.name && <Fact label="Name">{licence.name}</Fact>}
                <Fact label="ID">
                  <code className="text-break">{licence.id}</code>{' '}
                  <CopyButton text={licence.id} label="Copy the key's ID" />
                </Fact>
                <Fact label="Product">
                  {licence.product.name}{' '}
                  <span className="font-monospace small">({licence.product.code})</span>
                </Fact>
                <Fact label="Policy">{licence.policy_name ?? 'None'}</Fact>
                <Fact label="Expires">
                  {formatExpiry(licence.expires_at)}
                  {licence.duration && (
                    <span className="text-body-secondary">
                      {' '}
                      · {describeLicenceDuration(licence.duration)}
                    </span>
                  )}
                </Fact>
                <Fact label="At expiry">
                  {licence.expiry_behaviour === 'refuse' ? 'Refused' : 'Allowed, reported expired'}
                  {licence.grace_days > 0 && ` after ${licence.grace_days} days’ grace`}
                </Fact>
                <Fact label="Activations">
                  {licence.current_activations} /{' '}
                  {licence.max_activations === 0 ? '∞' : licence.max_activations}
                </Fact>
                <Fact label="Active">{licence.is_active ? 'Yes' : 'No (disabled)'}</Fact>
                <Fact label="Created">{new Date(licence.created_at).toLocaleString()}</Fact>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={5}>
          <Card as="section" aria-labelledby="key-customer-title" className="h-100">
            <Card.Body>
              <h2 id="key-customer-title" className="h5">
                Customer
              </h2>
              {customer ? (
                <dl className="row mb-0" data-testid="key-customer">
                  <Fact label="Name">{licence.customer_name ?? '—'}</Fact>
                  <Fact label="Email">{licence.customer_email ?? '—'}</Fact>
                  <Fact label="Customer ID">{licence.customer_ref ?? '—'}</Fact>
                </dl>
              ) : (
                <p className="text-body-secondary mb-0">Not issued to a customer.</p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <Row className="g-4 mb-4">
        <Col lg={6}>
          <section aria-labelledby="key-entitlements-title">
            <h2 id="key-entitlements-title" className="h5">
              Entitlements
            </h2>
            {entitlements.length === 0 ? (
              <p className="text-body-secondary">None.</p>
            ) : (
              <StackedTable size="sm" className="align-middle" data-testid="key-entitlements">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {entitlements.map(([name, value]) => (
                    <tr key={name}>
                      <td className="font-monospace">{name}</td>
                      <td className="font-monospace">{JSON.stringify(value)}</td>
                    </tr>
                  ))}
                </tbody>
              </StackedTable>
            )}
          </section>
        </Col>
        <Col lg={6}>
          <section aria-labelledby="key-metadata-title">
            <h2 id="key-metadata-title" className="h5">
              Metadata
            </h2>
            {metadata ? (
              // Wrapped, not scrolled: a scrolling region would need to be reachable by keyboard.
              <pre
                className="bg-body-tertiary p-2 rounded small mb-0 text-break"
                style={{ whiteSpace: 'pre-wrap' }}
                data-testid="key-metadata"
              >
                {metadata}
              </pre>
            ) : (
              <p className="text-body-secondary">None.</p>
            )}
          </section>
        </Col>
      </Row>
      <section aria-labelledby="key-devices-title" className="mb-4">
        <h2 id="key-devices-title" className="h5">
          Devices
        </h2>
        <KeyDevicesPanel licence={licence} onRelease={setReleasing} />
      </section>
      <div className="mb-4">
        <UsageCard id="key-usage-title" title="Calls to the API" keyId={licence.id} periods={['7d', '30d']} />
      </div>
      <KeyHistory keyId={licence.id} />
      {dialog === 'expiry' && <KeyExpiryDialog licence={licence} onHide={() => setDialog(null)} />}
      {dialog === 'customer' && <KeyCustomerDialog licence={licence} onHide={() => setDialog(null)} />}
      {releasing && (
        <ReleaseDeviceConfirm licence={licence} device={releasing} onHide={() => setReleasing(null)} />
      )}
    </>
  );
}
