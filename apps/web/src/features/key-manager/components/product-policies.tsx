import { type KeyProduct, POLICY_DELETED_MESSAGE, type Policy } from '@app/contract';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { describeLicenceDuration } from '../licensing/expiry-dates';
import { useDeletePolicy, usePolicyPage } from '../products-api';
import { CopyButton } from './copy-button';
import { PolicyDialog } from './policy-dialog';

const CLOCK = { issue: 'from issue', activation: 'from first activation' } as const;

/** One product's policies (paged): the templates its keys are issued from. */
export function ProductPolicies({ product }: { product: KeyProduct }) {
  const pages = useCursorPages(product.id);
  const policies = usePolicyPage(product.id, pages.cursor);
  const remove = useDeletePolicy();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Policy | null>(null);
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const listed = policies.data?.policies ?? [];
  const titleId = `policies-of-${product.id}`;

  return (
    <Card as="section" aria-labelledby={titleId} className="mb-4">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h3 id={titleId} className="h6 mb-0">
          Policies of {product.name}
        </h3>
        <Button size="sm" onClick={() => setAdding(true)}>
          New policy
        </Button>
      </Card.Header>
      <Card.Body>
        <QueryState
          isPending={policies.isPending}
          error={policies.data ? null : policies.error}
          onRetry={() => policies.refetch()}
        />
        {policies.data && listed.length === 0 && pages.page === 1 && (
          <Alert variant="light" className="mb-0">
            No policies yet. A policy is the template of a key: its activations, duration, expiry and
            entitlements.
          </Alert>
        )}
        {listed.length > 0 && (
          <StackedTable responsive hover className="align-middle small mb-0">
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Activations</th>
                <th scope="col">Duration</th>
                <th scope="col">At expiry</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listed.map((policy) => (
                <tr key={policy.id} data-testid={`policy-row-${policy.name}`}>
                  <td>
                    {policy.name}
                    {policy.kind === 'trial' && <span className="badge text-bg-info ms-2">Trial</span>}
                    {/* The id convert-trial and add-key name a policy by (decision 032). */}
                    <div className="small text-body-secondary text-break">
                      <code>{policy.id}</code>{' '}
                      <CopyButton text={policy.id} label={`Copy the ID of policy ${policy.name}`} />
                    </div>
                  </td>
                  <td>{policy.maxActivations === 0 ? 'Unlimited' : policy.maxActivations}</td>
                  <td>
                    {describeLicenceDuration(policy.duration)}
                    {policy.duration && ` ${CLOCK[policy.clockStarts]}`}
                  </td>
                  <td>
                    {policy.expiryBehaviour === 'refuse' ? 'Refused' : 'Allowed'}
                    {policy.graceDays > 0 && ` after ${policy.graceDays} days’ grace`}
                  </td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => setEditing(policy)}
                    >
                      Edit<span className="visually-hidden"> policy {policy.name}</span>
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => setDeleting(policy)}>
                      Delete<span className="visually-hidden"> policy {policy.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </StackedTable>
        )}
        <CursorPager
          label={`Policy pages of ${product.name}`}
          page={pages.page}
          nextCursor={policies.data?.nextCursor}
          onNext={pages.next}
          onPrevious={pages.previous}
          busy={policies.isPlaceholderData}
        />
      </Card.Body>
      {adding && <PolicyDialog product={product} onHide={() => setAdding(false)} />}
      {editing && (
        <PolicyDialog key={editing.id} product={product} policy={editing} onHide={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete policy"
          confirmLabel="Delete policy"
          pending={remove.isPending}
          error={remove.error}
          onHide={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: (reply) => {
                toast.show({ message: reply.message ?? POLICY_DELETED_MESSAGE });
                setDeleting(null);
              },
            })
          }
        >
          <p>
            Delete the policy <strong>{deleting.name}</strong>? Keys issued from it keep their limits, expiry
            and entitlements.
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
