import { Badge, Button } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { formatMoney } from '../money';
import { useApproveUpgrade, useUpgradeRequests } from './admin-api';

const STATUS_VARIANT = {
  pending: 'warning',
  approved: 'info',
  completed: 'success',
  canceled: 'secondary',
} as const;

/**
 * Admin section 'Plan Upgrade Requests' (docs/product-contract.md §Entities, Upgrade request; §Messages,
 * 'Request marked as approved').
 */
export function UpgradeRequestsSection() {
  const requests = useUpgradeRequests();
  const approve = useApproveUpgrade();
  const toast = useToast();
  return (
    <section aria-labelledby="upgrade-requests-title">
      <h2 id="upgrade-requests-title" className="h4 mb-3">
        Plan Upgrade Requests
      </h2>
      <QueryState isPending={requests.isPending} error={requests.error} onRetry={() => requests.refetch()} />
      {requests.data?.length === 0 && <p className="text-body-secondary">No requests.</p>}
      {requests.data && requests.data.length > 0 && (
        <StackedTable responsive hover size="sm">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">User</th>
              <th scope="col">Product</th>
              <th scope="col">Current plan</th>
              <th scope="col">Requested plan</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {requests.data.map((request) => (
              <tr key={request.id}>
                <td>{request.id}</td>
                <td>
                  {request.user}
                  <div className="small text-body-secondary">{request.email}</div>
                </td>
                <td>{request.targetProduct}</td>
                <td>{request.currentPlan}</td>
                <td>{request.subscriptionPlan}</td>
                <td>{new Date(request.datetime).toLocaleString('en-US')}</td>
                <td>
                  <Badge bg={STATUS_VARIANT[request.status]}>{request.status}</Badge>
                  {request.status === 'approved' && (
                    <div className="small">{formatMoney(request.amount)} due</div>
                  )}
                </td>
                <td>
                  {request.status === 'pending' && (
                    <Button
                      size="sm"
                      disabled={approve.isPending}
                      onClick={() =>
                        approve.mutate(request.id, {
                          onSuccess: (reply) => toast.show({ message: reply.message, variant: 'success' }),
                          onError: (error) => toast.show({ message: error.message, variant: 'danger' }),
                        })
                      }
                    >
                      Approve<span className="visually-hidden"> request {request.id}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
    </section>
  );
}
