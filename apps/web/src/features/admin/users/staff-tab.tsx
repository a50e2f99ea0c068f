import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useStaffUsers } from './api';
import { CreateStaffModal } from './create-staff-modal';
import { type UserColumn, UserList } from './user-list';

const STAFF_COLUMNS = [
  { header: 'Designation', cell: (user) => user.designation ?? '—' },
  { header: 'Projects', cell: (user) => user.count },
] satisfies UserColumn[];

/** Developers & Designers: staff accounts, their designation and assigned projects. */
export function StaffTab() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <CreateStaffModal show={creating} onClose={() => setCreating(false)} />
      <UserList
        useList={useStaffUsers}
        searchLabel="Search staff"
        tableLabel="Staff"
        pagerLabel="Staff pages"
        empty="No staff accounts yet."
        noMatch="No staff member matches this search."
        columns={STAFF_COLUMNS}
        actions={<Button onClick={() => setCreating(true)}>Add staff member</Button>}
      />
    </>
  );
}
