import { INVOICE_GRACE_DAYS } from '@app/contract';
import { Alert } from 'react-bootstrap';
import { useAreaAccess } from '../../../lib/account-context';
import { holdsProject } from '../../../lib/deal-format';
import { formatDay } from '../../../lib/project-format';
import { formatMoney } from '../money';
import { useUserInvoices } from './api';
import { InvoicePdfButton, PayInvoiceButton } from './invoice-actions';

/**
 * The spec's rule for one-time payments: an invoice unpaid more than INVOICE_GRACE_DAYS after its due
 * date puts the project on hold until it is paid (the server refuses its resources with
 * `project_payment_hold`). The project's payload does not say so, so the hold is read from its
 * invoices; the banner names each invoice to pay and offers Pay now.
 */
export function PaymentHoldBanner({ projectID }: { projectID: string }) {
  const canRead = useAreaAccess('billing', 'read') === true;
  const canPay = useAreaAccess('billing', 'write') === true;
  const list = useUserInvoices({ projectID }, canRead);
  const holding = list.data?.invoices.filter(holdsProject) ?? [];
  if (holding.length === 0) return null;
  return (
    <Alert variant="danger" className="small" role="alert">
      <Alert.Heading as="h4" className="h6">
        This project is on hold until paid
      </Alert.Heading>
      <p className="mb-2">
        An invoice is more than {INVOICE_GRACE_DAYS} days past its due date, so work and access to the project
        are paused. Pay it to open the project again.
      </p>
      {holding.map((invoice) => (
        <div key={invoice.id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <span className="me-auto">
            Invoice {invoice.number}: {formatMoney(invoice.balance, invoice.currency)}, due{' '}
            {formatDay(invoice.dueDate)}
          </span>
          {canPay && <PayInvoiceButton invoice={invoice} size="sm" />}
          <InvoicePdfButton invoice={invoice} size="sm" />
        </div>
      ))}
    </Alert>
  );
}
