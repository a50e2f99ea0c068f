import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { QueryState } from '../../../app/layout/query-state';
import { CursorPager } from '../../../components/cursor-pager';
import { SearchBox } from '../../../components/search-box';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useStaffUsers } from './api';
import { CreateStaffModal } from './create-staff-modal';
import { DisableButton } from './disable-button';

/** Developers & Designers: staff accounts, their designation and assigned projects. */
export function StaffTab() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const pages = useCursorPages(settled);
  const list = useStaffUsers({ search: settled, cursor: pages.cursor });
  const { isPending, error, refetch } = list;
  const data = list.data?.users;
  const [creating, setCreating] = useState(false);
  return (
    <div>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Button onClick={() => setCreating(true)}>Add staff member</Button>
        <SearchBox
          label="Search staff"
          placeholder="Search by name or email"
          value={search}
          onChange={setSearch}
          narrow
        />
      </div>
      <CreateStaffModal show={creating} onClose={() => setCreating(false)} />
      {!data ? (
        <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-muted">
          {search ? 'No staff member matches this search.' : 'No staff accounts yet.'}
        </p>
      ) : (
        <StackedTable responsive hover className="bg-white align-middle" aria-label="Staff">
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
      <CursorPager
        label="Staff pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
    </div>
  );
}
