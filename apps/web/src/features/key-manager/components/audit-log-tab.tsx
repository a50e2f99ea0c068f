import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { CursorPager } from '../../../components/cursor-pager';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import {
  KEY_MANAGER_AUDIT_ACTIONS,
  KEY_MANAGER_AUDIT_LABELS,
  type KeyManagerAuditAction,
} from '../../../lib/audit-labels';
import { downloadProtectedFile } from '../../../lib/protected-file';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { auditCsvPath, useKeyAuditLog } from '../audit-api';
import { AuditChange } from './audit-change';

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Audit log tab (decision 037): who did what on the Key Manager dashboard and in the licensee portal,
 * newest first, paged on the server, with each change's fields before → after. Kept for a year.
 */
export function AuditLogTab() {
  const [action, setAction] = useState<KeyManagerAuditAction | ''>('');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const filters = { action: action || undefined, search: term || undefined };
  const pages = useCursorPages(`km-audit:${action}:${term}`);
  const log = useKeyAuditLog(pages.cursor, filters);
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadProtectedFile(auditCsvPath(filters), 'audit-log.csv');
    } catch {
      toast.show({ message: 'The audit log could not be downloaded. Try again.', variant: 'danger' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="km-audit-title">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <h2 id="km-audit-title" className="h5 mb-0 me-auto">
          Audit log
        </h2>
        <Form.Group controlId="km-audit-search">
          <Form.Label className="small mb-1">Person or subject</Form.Label>
          <Form.Control
            type="search"
            size="sm"
            value={search}
            maxLength={200}
            placeholder="Name, email, key…"
            onChange={(event) => setSearch(event.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="km-audit-action">
          <Form.Label className="small mb-1">Action</Form.Label>
          <Form.Select
            size="sm"
            value={action}
            onChange={(event) => setAction(event.target.value as KeyManagerAuditAction | '')}
          >
            <option value="">All actions</option>
            {KEY_MANAGER_AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {KEY_MANAGER_AUDIT_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button size="sm" variant="outline-secondary" onClick={exportCsv} disabled={exporting}>
          Export CSV
        </Button>
      </div>
      <p className="small text-body-secondary">
        Every change made on this dashboard and every licensee action in your portal, with what changed.
        Events are kept for 365 days.
      </p>
      {log.data ? (
        log.data.events.length === 0 && pages.page === 1 ? (
          <p className="text-body-secondary">
            {action || term
              ? 'Nothing recorded matches these filters.'
              : 'Nothing recorded yet. Changes to keys, products, API keys, webhooks and the portal show here.'}
          </p>
        ) : (
          <>
            <StackedTable responsive aria-label="Audit log" className="align-middle">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">About</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {log.data.events.map((event) => (
                  <tr key={event.id}>
                    <td className="text-nowrap">{moment.format(new Date(event.createdAt))}</td>
                    <td>
                      {event.actorName}
                      {event.area === 'portal' && (
                        <div className="small text-body-secondary">Licensee portal</div>
                      )}
                    </td>
                    <td>{KEY_MANAGER_AUDIT_LABELS[event.action as KeyManagerAuditAction] ?? event.action}</td>
                    <td className="text-break">{event.target ?? ''}</td>
                    <td>
                      <AuditChange event={event} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </StackedTable>
            <CursorPager
              label="Audit log pages"
              page={pages.page}
              nextCursor={log.data.nextCursor}
              onNext={pages.next}
              onPrevious={pages.previous}
              busy={log.isFetching}
            />
          </>
        )
      ) : (
        <QueryState isPending={log.isPending} error={log.error} onRetry={() => void log.refetch()} />
      )}
    </section>
  );
}
