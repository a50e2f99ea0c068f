import type { ManagedUser } from '@app/contract';
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { CursorPager } from '../../../components/cursor-pager';
import { SearchBox } from '../../../components/search-box';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useClients } from './api';
import { ClientOrdersModal } from './client-orders-modal';
import { DisableButton } from './disable-button';

/** Clients: newest first, a page at a time; search by name or email on the server; open a client's orders. */
export function ClientsTab() {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ManagedUser | null>(null);
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const list = useClients({ search: settled, cursor: pages.cursor });
  const { isPending, error, refetch } = list;
  const data = list.data?.users;
  return (
    <div>
      <SearchBox
        label="Search clients"
        placeholder="Search by name or email"
        value={search}
        onChange={setSearch}
        narrow
        className="mb-3"
      />
      <ClientOrdersModal client={open} onClose={() => setOpen(null)} />
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-muted">{search ? 'No client matches this search.' : 'No clients yet.'}</p>
      ) : (
        <StackedTable responsive hover className="bg-white align-middle" aria-label="Clients">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Orders</th>
              <th scope="col">Account</th>
            </tr>
          </thead>
          <tbody>
            {data.map((user) => (
              <tr key={user.id}>
                <td>
                  {user.firstName} {user.lastName}
                </td>
                <td>{user.email}</td>
                <td>
                  <Button size="sm" variant="link" className="p-0" onClick={() => setOpen(user)}>
                    {user.count} {user.count === 1 ? 'order' : 'orders'}
                  </Button>
                </td>
                <td className="d-flex gap-2 align-items-center">
                  {user.disabled && <Badge bg="secondary">Disabled</Badge>}
                  <DisableButton user={user} />
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Client pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </div>
  );
}
