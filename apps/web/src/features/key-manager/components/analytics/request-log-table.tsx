import type { RequestLogEntry } from '@app/contract';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { StackedTable } from '../../../../components/stacked-table';
import { keyPagePath } from '../../key-page-api';
import { isRefused } from './request-outcome';

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The outcome code with its kind: green for a success, red for a refusal (the word says which too). */
export function OutcomeBadge({ entry }: { entry: RequestLogEntry }) {
  const refused = isRefused(entry);
  return (
    <Badge bg={refused ? 'danger' : 'success'} className="font-monospace" data-testid="request-outcome">
      <span className="visually-hidden">{refused ? 'Refused: ' : 'Success: '}</span>
      {entry.outcome}
    </Badge>
  );
}

const dash = (value: string | null) => value ?? '—';

/** One page of the request log; each key links to its page. Cards on phones (StackedTable). */
export function RequestLogTable({ entries }: { entries: RequestLogEntry[] }) {
  return (
    <StackedTable size="sm" className="align-middle small" data-testid="request-log">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Operation</th>
          <th scope="col">Key</th>
          <th scope="col">API key</th>
          <th scope="col">Outcome</th>
          <th scope="col">Status</th>
          <th scope="col" className="text-end">
            Latency
          </th>
          <th scope="col">IP</th>
          <th scope="col">Country</th>
          <th scope="col">Platform</th>
          <th scope="col">App version</th>
          <th scope="col">User agent</th>
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 && (
          <tr>
            <td colSpan={12} className="text-body-secondary text-center py-3">
              No requests match these filters. Requests are kept for 30 days.
            </td>
          </tr>
        )}
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className="text-nowrap">
              <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
            </td>
            <td className="font-monospace">{entry.operation}</td>
            <td className="font-monospace text-break">
              {entry.keyId && entry.maskedKey ? (
                <Link to={keyPagePath(entry.keyId)}>{entry.maskedKey}</Link>
              ) : (
                dash(entry.maskedKey)
              )}
            </td>
            <td className="font-monospace text-break">{entry.apiKey}</td>
            <td>
              <OutcomeBadge entry={entry} />
            </td>
            <td>{entry.status}</td>
            <td className="text-end text-nowrap">{Math.round(entry.latencyMs)} ms</td>
            {/* An IPv4 address on one line; a long IPv6 one may break. */}
            <td className={entry.ip && entry.ip.length > 15 ? 'text-break' : 'text-nowrap'}>
              {dash(entry.ip)}
            </td>
            <td>{dash(entry.country)}</td>
            <td>{dash(entry.platform)}</td>
            <td>{dash(entry.appVersion)}</td>
            <td>
              {entry.userAgent ? (
                <span
                  className="d-inline-block text-truncate align-bottom"
                  style={{ maxWidth: '12rem' }}
                  title={entry.userAgent}
                >
                  {entry.userAgent}
                </span>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </StackedTable>
  );
}
