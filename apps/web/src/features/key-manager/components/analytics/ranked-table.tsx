import type { UsageRank } from '@app/contract';
import type { ReactNode } from 'react';
import { Card, Table } from 'react-bootstrap';

interface RankedTableProps {
  /** The card's heading, also the table's name. */
  title: string;
  /** The first column's header: Key, Reason, Platform, App version. */
  nameHeader: string;
  rows: UsageRank[];
  /** The first cell (a link to the key's page, to the refused requests…); the label by default. */
  renderName?: (row: UsageRank) => ReactNode;
  /** What the card says with no rows. */
  empty: string;
  /** The card's CSV button. */
  action?: ReactNode;
  /** Refusals are the figure of the refusal reasons: no second column for them. */
  refusalsColumn?: boolean;
}

/**
 * A top list as a table with a bar in each row (the bar repeats the number for the eye; the number
 * is the text). Rows are those the server ranked, at most USAGE_LIMITS.topMax.
 */
export function RankedTable({
  title,
  nameHeader,
  rows,
  renderName = (row) => row.label,
  empty,
  action,
  refusalsColumn = true,
}: RankedTableProps) {
  const id = `km-rank-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const max = Math.max(1, ...rows.map((row) => row.calls));
  return (
    <Card as="section" aria-labelledby={id} className="h-100">
      <Card.Body>
        <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
          <Card.Title as="h3" className="h6 mb-0" id={id}>
            {title}
          </Card.Title>
          {action}
        </div>
        {rows.length === 0 ? (
          <p className="text-body-secondary small mb-0">{empty}</p>
        ) : (
          <Table size="sm" className="mb-0 align-middle" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">{nameHeader}</th>
                <th scope="col" className="text-end">
                  Calls
                </th>
                {refusalsColumn && (
                  <th scope="col" className="text-end">
                    Refused
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.value ?? '(none)'}>
                  <td className="text-break">
                    {renderName(row)}
                    <div
                      className="bg-primary rounded mt-1"
                      style={{ height: 4, width: `${(row.calls / max) * 100}%`, opacity: 0.6 }}
                      aria-hidden="true"
                    />
                  </td>
                  <td className="text-end">{row.calls.toLocaleString()}</td>
                  {refusalsColumn && <td className="text-end">{row.refusals.toLocaleString()}</td>}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
