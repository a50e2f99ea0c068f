import { Tab, Tabs } from 'react-bootstrap';
import { ClientsTab } from './clients-tab';
import { StaffTab } from './staff-tab';

/** Admin Users (docs/product-contract.md §Screens, Admin panel): tabs Developers & Designers, and Clients. */
export function UsersSection() {
  return (
    <section aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="h4 mb-3">
        Users
      </h2>
      <Tabs defaultActiveKey="staff" id="admin-users-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="staff" title="Developers & Designers">
          <StaffTab />
        </Tab>
        <Tab eventKey="clients" title="Clients">
          <ClientsTab />
        </Tab>
      </Tabs>
    </section>
  );
}
