import { Tab, Tabs } from 'react-bootstrap';
import { AdminInvoicesList } from './admin-invoices-list';
import { ReceivablesView } from './receivables-view';

/**
 * Admin → Invoices (decision 035): the invoices of every client, and what each client owes. Invoices
 * are issued from a project's accepted quote (Projects → the project → Quote and invoices).
 */
export function InvoicesSection() {
  return (
    <section aria-labelledby="admin-invoices-title">
      <h2 id="admin-invoices-title" className="h4 mb-3">
        Invoices
      </h2>
      <Tabs defaultActiveKey="invoices" id="admin-invoices-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="invoices" title="Invoices">
          <AdminInvoicesList />
        </Tab>
        <Tab eventKey="receivables" title="Receivables">
          <ReceivablesView />
        </Tab>
      </Tabs>
    </section>
  );
}
