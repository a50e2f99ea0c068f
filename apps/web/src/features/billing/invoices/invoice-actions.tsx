import type { Invoice } from '@app/contract';
import { Button, Spinner } from 'react-bootstrap';
import { DownloadButton } from '../../../components/download-button';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { formatMoney } from '../money';
import { usePaymentLauncher } from '../use-payment-launcher';
import { invoicePdfName, invoicePdfPath, usePayInvoice } from './api';

/**
 * Pay now: opens a checkout for what is left of the invoice in the payment popup (sandbox or Stripe),
 * the same flow as plan payments; the payment watcher shows the outcome and refreshes the invoices.
 */
export function PayInvoiceButton({ invoice, size }: { invoice: Invoice; size?: 'sm' }) {
  const pay = usePayInvoice();
  const { launch, waiting } = usePaymentLauncher();
  const toast = useToast();
  const busy = pay.isPending || waiting;
  return (
    <Button
      size={size}
      variant="success"
      disabled={busy}
      onClick={() =>
        pay.mutate(invoice, {
          onSuccess: launch,
          onError: (error) => toast.show({ message: errorMessage(error), variant: 'danger' }),
        })
      }
    >
      {busy && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
      Pay now
      <span className="visually-hidden">
        {' '}
        {formatMoney(invoice.balance, invoice.currency)} of invoice {invoice.number}
      </span>
    </Button>
  );
}

export function InvoicePdfButton({ invoice, size }: { invoice: Invoice; size?: 'sm' }) {
  return (
    <DownloadButton
      path={invoicePdfPath(invoice)}
      fileName={invoicePdfName(invoice)}
      size={size}
      hiddenLabel={` of invoice ${invoice.number}`}
      failure="The invoice could not be downloaded. Try again."
    >
      PDF
    </DownloadButton>
  );
}
