import { type Receipt, receiptPdfPath } from '@app/contract';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { downloadProtectedFile } from '../../../lib/protected-file';

export const receiptNumberLabel = (number: number) => `R-${String(number).padStart(6, '0')}`;

/** Downloads the receipt as a PDF (the server lets only its owner or an admin have it). */
export function ReceiptPdfButton({ receipt, size }: { receipt: Receipt; size?: 'sm' }) {
  const [pending, setPending] = useState(false);
  const toast = useToast();
  async function download() {
    setPending(true);
    try {
      await downloadProtectedFile(
        receiptPdfPath(receipt.id),
        `receipt-${receiptNumberLabel(receipt.number)}.pdf`,
      );
    } catch {
      toast.show({ message: 'The receipt could not be downloaded. Try again.', variant: 'danger' });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button size={size} variant="outline-secondary" disabled={pending} onClick={() => void download()}>
      {pending && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
      Download PDF<span className="visually-hidden"> of receipt {receiptNumberLabel(receipt.number)}</span>
    </Button>
  );
}
