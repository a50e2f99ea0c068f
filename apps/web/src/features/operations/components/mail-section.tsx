import { MAIL_STATUSES, type MailSummary } from '@app/contract';
import { useState } from 'react';
import { Alert, Badge, Button, Col, Form, Row } from 'react-bootstrap';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useMailList } from '../api';
import { MailViewer } from './mail-viewer';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

type MailStatus = MailSummary['status'];

export const MAIL_STATUS_LABELS: Record<MailStatus, { label: string; bg: string }> = {
  outbox: { label: 'In outbox', bg: 'secondary' },
  queued: { label: 'Sending', bg: 'warning' },
  sent: { label: 'Sent', bg: 'success' },
  failed: { label: 'Failed', bg: 'danger' },
};

/**
 * Admin section 'Mail': every mail the product sent. In trial mode (no SMTP) this is where mail
 * arrives, so the newsletter confirmation and the chat's code can be opened here.
 */
export function MailSection() {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const list = useMailList({ status: status || undefined });
  const rows = list.data?.pages.flatMap((page) => page.mails) ?? [];
  const transport = list.data?.pages[0]?.transport;

  return (
    <section aria-labelledby="admin-mail-title">
      <h2 id="admin-mail-title" className="h4 mb-3">
        Mail
      </h2>
      {transport === 'outbox' && (
        <Alert variant="info">
          No mail server is configured (<code>SMTP_URL</code>), so mail is not sent anywhere: it arrives here.
          Open a mail to read it and follow its links.
        </Alert>
      )}
      <Row className="g-2 mb-3">
        <Col sm={6} md={4}>
          <Form.Group controlId="mail-status">
            <Form.Label>Status</Form.Label>
            <Form.Select
              value={status}
              onChange={(event) => setStatus(event.target.value as MailStatus | '')}
            >
              <option value="">All mail</option>
              {MAIL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {MAIL_STATUS_LABELS[value].label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>
      {!list.data ? (
        <QueryState isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-muted">No mail yet.</p>
      ) : (
        <>
          <StackedTable responsive striped hover className="bg-white" aria-label="Mail">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((mail) => {
                const badge = MAIL_STATUS_LABELS[mail.status];
                return (
                  <tr key={mail.id}>
                    <td className="text-nowrap">{dateFormat.format(new Date(mail.createdAt))}</td>
                    <td className="text-break">{mail.to}</td>
                    <td>
                      <Button variant="link" className="p-0 text-start" onClick={() => setOpen(mail.id)}>
                        {mail.subject}
                      </Button>
                    </td>
                    <td>
                      <Badge bg={badge.bg} text={badge.bg === 'warning' ? 'dark' : undefined}>
                        {badge.label}
                      </Badge>
                      {mail.lastError && mail.status !== 'sent' && (
                        <div className="small text-muted text-break">
                          {mail.attempts} {mail.attempts === 1 ? 'try' : 'tries'}: {mail.lastError}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </StackedTable>
          <LoadMore query={list} />
        </>
      )}
      <MailViewer id={open} onClose={() => setOpen(null)} />
    </section>
  );
}
