import { type ManagedUser, overallProgress } from '@app/contract';
import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { StatusBadge } from '../../../components/projects/status-badge';
import { QueryState } from '../../../components/query-state';
import { SearchBox } from '../../../components/search-box';
import { StackedTable } from '../../../components/stacked-table';
import { formatDay, formatMoment } from '../../../lib/project-format';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useClientOrders } from './api';

/** Orders per page in the dialog: each comes with its projects' table. */
const ORDER_PAGE = 20;

/**
 * A client's orders and their projects, read-only (manage them under Projects): newest first, a page
 * at a time, searched by order name on the server.
 */
export function ClientOrdersModal({ client, onClose }: { client: ManagedUser | null; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(`${client?.id ?? ''}:${settled}`);
  const list = useClientOrders(client?.id ?? null, {
    search: settled,
    cursor: pages.cursor,
    limit: ORDER_PAGE,
  });
  const { isPending, error, refetch } = list;
  const data = list.data?.orders;
  return (
    <Modal
      show={client !== null}
      onHide={onClose}
      onExited={() => setSearch('')}
      size="lg"
      aria-labelledby="client-orders-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="client-orders-title">
          Orders of {client?.firstName} {client?.lastName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SearchBox
          label="Search this client's orders"
          placeholder="Search by order name"
          value={search}
          onChange={setSearch}
          className="mb-3"
        />
        {!data ? (
          <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <p className="text-muted mb-0">
            {settled.trim() ? 'No order matches this search.' : 'This client has not ordered anything yet.'}
          </p>
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
        <CursorPager
          label="Order pages"
          page={pages.page}
          nextCursor={list.data?.nextCursor}
          onNext={pages.next}
          onPrevious={pages.previous}
          busy={list.isPlaceholderData}
        />
      </Modal.Body>
    </Modal>
  );
}
