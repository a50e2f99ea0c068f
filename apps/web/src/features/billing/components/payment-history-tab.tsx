import type { Receipt } from '@app/contract';
import { useState } from 'react';
import { Button, Modal, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useReceipts } from '../api';
import { formatDate, formatMoney } from '../money';
import { receiptOrder } from '../receipt-order';
import { ReceiptPdfButton, receiptNumberLabel } from './receipt-pdf-button';

function ReceiptDialog({ receipt, onHide }: { receipt: Receipt; onHide: () => void }) {
  const rows: [string, string][] = [
    ['Receipt number', receiptNumberLabel(receipt.number)],
    ['Order', receiptOrder(receipt)],
    ['Date', new Date(receipt.date).toLocaleString('en-US')],
    ['Method', receipt.method],
    ['Name', `${receipt.first_name} ${receipt.last_name}`.trim()],
    ['Email', receipt.email],
    ['Phone', receipt.phone || '—'],
    ['Address', [receipt.address, receipt.city, receipt.country].filter(Boolean).join(', ') || '—'],
    ['Duration', receipt.duration],
    ['Amount', formatMoney(receipt.amount, receipt.currency)],
    ...(receipt.refunded_amount > 0
      ? ([['Refunded', formatMoney(receipt.refunded_amount, receipt.currency)]] as [string, string][])
      : []),
    ['Status', `${receipt.status} — ${receipt.status_message}`],
  ];
  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="receipt-title" dialogClassName="printable-receipt">
      <Modal.Header closeButton>
        <Modal.Title id="receipt-title">Receipt #{receiptNumberLabel(receipt.number)}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* Printing shows the receipt alone: the page behind the dialog is hidden on paper. */}
        <style>
          {'@media print { #root { display: none !important; } .modal-backdrop { display: none; } }'}
        </style>
        <Table borderless size="sm">
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="w-25">
                  {label}
                </th>
                <td>{value}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Items</th>
              <td>
                <ul className="mb-0 ps-3">
                  {receipt.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </td>
            </tr>
          </tbody>
        </Table>
      </Modal.Body>
      <Modal.Footer className="d-print-none">
        <Button variant="outline-secondary" onClick={onHide}>
          Close
        </Button>
        <ReceiptPdfButton receipt={receipt} />
        <Button onClick={() => window.print()}>Print</Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * Profile Payment History tab (docs/product-contract.md §Screens, Profile): receipts, each printable
 * and as a PDF, one server page at a time (decision 030). `?receipt=<id>` (the receipt mail's link)
 * opens that receipt, fetched by its id when it is not on the page.
 */
export function PaymentHistoryTab() {
  const pages = useCursorPages('receipts');
  const list = useReceipts({ cursor: pages.cursor });
  const rows = list.data?.receipts;
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(null);
  const linked = Number(params.get('receipt'));
  const linkedId = Number.isInteger(linked) && linked > 0 ? linked : undefined;
  const openId = chosen ?? linkedId ?? null;
  const onPage = rows?.find((receipt) => receipt.id === openId);
  const fetched = useReceipts(
    { receipt: linkedId },
    Boolean(rows && linkedId && openId === linkedId && !onPage),
  );
  const open =
    onPage ??
    fetched.data?.receipts.find((receipt) => receipt.id === linkedId && openId === linkedId) ??
    null;
  const setOpen = (receipt: Receipt | null) => {
    setChosen(receipt?.id ?? null);
    if (!receipt && params.has('receipt')) {
      params.delete('receipt');
      setParams(params, { replace: true });
    }
  };
  return (
    <section aria-labelledby="payment-history-title">
      <h2 id="payment-history-title" className="h4 mb-3">
        Payment History
      </h2>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} />
      {rows?.length === 0 && <p className="text-body-secondary">No payments yet.</p>}
      {rows && rows.length > 0 && (
        <StackedTable responsive hover>
          <caption className="visually-hidden">Receipts, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((receipt) => (
              <tr key={receipt.id}>
                <td>{formatDate(receipt.date)}</td>
                <td>{receipt.items[0]}</td>
                <td>
                  {formatMoney(receipt.amount, receipt.currency)}
                  {receipt.refunded_amount > 0 && (
                    <div className="small text-body-secondary">
                      {formatMoney(receipt.refunded_amount, receipt.currency)} refunded
                    </div>
                  )}
                </td>
                <td data-testid="receipt-status">{receipt.status}</td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    <Button size="sm" variant="outline-primary" onClick={() => setOpen(receipt)}>
                      View receipt<span className="visually-hidden"> #{receipt.id}</span>
                    </Button>
                    <ReceiptPdfButton receipt={receipt} size="sm" />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
      <CursorPager
        label="Payment history pages"
        page={pages.page}
        nextCursor={list.data?.nextCursor}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={list.isPlaceholderData}
      />
      {open && <ReceiptDialog receipt={open} onHide={() => setOpen(null)} />}
    </section>
  );
}
