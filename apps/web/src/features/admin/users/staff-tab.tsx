import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useStaffUsers } from './api';
import { CreateStaffModal } from './create-staff-modal';
import { DisableButton } from './disable-button';

/** Developers & Designers: staff accounts, their designation and assigned projects. */
export function StaffTab() {
  const { data, isPending, error, refetch } = useStaffUsers();
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <Button className="mb-3" onClick={() => setCreating(true)}>
        Add staff member
      </Button>
      <CreateStaffModal show={creating} onClose={() => setCreating(false)} />
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-muted">No staff accounts yet.</p>
      ) : (
        <StackedTable responsive hover className="bg-white align-middle">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Designation</th>
              <th scope="col">Projects</th>
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
                <td>{user.designation ?? '—'}</td>
                <td>{user.count}</td>
                <td className="d-flex gap-2 align-items-center">
                  {user.disabled && <Badge bg="secondary">Disabled</Badge>}
                  <DisableButton user={user} />
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
    </div>
  );
}
