import type { ManagedUser } from '@app/contract';
import { Modal } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { formatDay, formatMoment, overallProgress, StatusBadge } from '../../projects/public';
import { useClientOrders } from './api';

/** A client's orders and their projects, read-only (manage them under Projects). */
export function ClientOrdersModal({ client, onClose }: { client: ManagedUser | null; onClose: () => void }) {
  const { data, isPending, error, refetch } = useClientOrders(client?.id ?? null);
  return (
    <Modal show={client !== null} onHide={onClose} size="lg" aria-labelledby="client-orders-title">
      <Modal.Header closeButton>
        <Modal.Title id="client-orders-title">
          Orders of {client?.firstName} {client?.lastName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!data ? (
          <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <p className="text-muted mb-0">This client has not ordered anything yet.</p>
        ) : (
          data.map((order) => (
            <section key={order.id} className="mb-3">
              <h3 className="h6">
                {order.name} <span className="text-muted small">· {formatMoment(order.createdAt)}</span>
              </h3>
              <StackedTable size="sm" responsive>
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Status</th>
                    <th scope="col">Dates</th>
                    <th scope="col">Progress</th>
                  </tr>
                </thead>
                <tbody>
                  {order.projects.map((project) => {
                    const overall = overallProgress(project);
                    return (
                      <tr key={project.id}>
                        <td>{project.type}</td>
                        <td>
                          <StatusBadge status={project.status} />
                        </td>
                        <td>
                          {formatDay(project.start_date)} – {formatDay(project.end_date)}
                        </td>
                        <td>{overall === null ? 'Data not available' : `${overall}%`}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </StackedTable>
            </section>
          ))
        )}
      </Modal.Body>
    </Modal>
  );
}
