import type { ManagedUser } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useClients } from './api';
import { ClientOrdersModal } from './client-orders-modal';
import { UserList } from './user-list';

/** Clients: newest first, a page at a time; search by name or email on the server; open a client's orders. */
export function ClientsTab() {
  const [open, setOpen] = useState<ManagedUser | null>(null);
  return (
    <>
      <ClientOrdersModal client={open} onClose={() => setOpen(null)} />
      <UserList
        useList={useClients}
        searchLabel="Search clients"
        tableLabel="Clients"
        pagerLabel="Client pages"
        empty="No clients yet."
        noMatch="No client matches this search."
        columns={[
          {
            header: 'Orders',
            cell: (user) => (
              <Button size="sm" variant="link" className="p-0" onClick={() => setOpen(user)}>
                {user.count} {user.count === 1 ? 'order' : 'orders'}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
