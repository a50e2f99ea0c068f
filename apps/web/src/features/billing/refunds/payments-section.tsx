import type { AdminPayment } from '@app/contract';
import { useState } from 'react';
import { Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { formatDate, formatMoney } from '../money';
import { useAdminPayments } from './api';
import { RefundDialog } from './refund-dialog';

type Status = AdminPayment['status'];

const STATUS_VARIANT: Record<Status, string> = {
  paid: 'success',
  pending: 'warning',
  canceled: 'secondary',
  failed: 'danger',
  refunded: 'dark',
};

const STATUSES: Status[] = ['paid', 'refunded', 'pending', 'failed', 'canceled'];

/** Admin section 'Payments': every checkout, newest first, with refunds (decision 022). */
export function PaymentsSection() {
  const [status, setStatus] = useState<Status | ''>('');
  const [email, setEmail] = useState('');
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const list = useAdminPayments({ status: status || undefined, email: email.trim() || undefined });
  const rows = list.data?.pages.flatMap((page) => page.payments) ?? [];

  return (
    <section aria-labelledby="admin-payments-title">
      <h2 id="admin-payments-title" className="h4 mb-3">
        Payments
      </h2>
      <Row className="g-2 mb-3">
        <Col sm={6} md={4}>
          <Form.Group controlId="payments-status">
            <Form.Label>Status</Form.Label>
            <Form.Select value={status} onChange={(event) => setStatus(event.target.value as Status | '')}>
              <option value="">All payments</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={6} md={4}>
          <Form.Group controlId="payments-email">
            <Form.Label>Client email</Form.Label>
            <Form.Control type="search" value={email} onChange={(event) => setEmail(event.target.value)} />
          </Form.Group>
        </Col>
      </Row>
      <QueryState isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} />
      {list.isSuccess && rows.length === 0 && <p className="text-body-secondary">No payments.</p>}
      {rows.length > 0 && (
        <StackedTable responsive hover size="sm">
          <caption className="visually-hidden">Payments, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Client</th>
              <th scope="col">Description</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((payment) => {
              const refundable = payment.status === 'paid' && payment.dispute !== 'open';
              return (
                <tr key={payment.id}>
                  <td>{formatDate(payment.paid_at ?? payment.created_at)}</td>
                  <td>{payment.email}</td>
                  <td>
                    {payment.description}
                    {payment.receipt_number !== null && (
                      <div className="small text-body-secondary">
                        Receipt R-{String(payment.receipt_number).padStart(6, '0')} · {payment.provider}
                      </div>
                    )}
                  </td>
                  <td>
                    {formatMoney(payment.amount, payment.currency)}
                    {payment.refunded > 0 && (
                      <div className="small" data-testid="refunded-amount">
                        {formatMoney(payment.refunded, payment.currency)} refunded
                      </div>
                    )}
                  </td>
                  <td>
                    <Badge bg={STATUS_VARIANT[payment.status]}>{payment.status}</Badge>
                    {payment.dispute === 'open' && (
                      <Badge bg="danger" className="ms-1">
                        disputed
                      </Badge>
                    )}
                  </td>
                  <td>
                    {refundable && (
                      <Button size="sm" variant="outline-danger" onClick={() => setRefunding(payment)}>
                        Refund<span className="visually-hidden"> payment of {payment.email}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </StackedTable>
      )}
      <LoadMore query={list} />
      {refunding && <RefundDialog payment={refunding} onHide={() => setRefunding(null)} />}
    </section>
  );
}
