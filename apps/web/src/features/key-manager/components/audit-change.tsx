import type { AuditEvent } from '@app/contract';

/** A value of the trail in words: empty for nothing, JSON for lists and objects. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * An event's before → after as a readable diff, one line per field ("maxActivations: 1 → 3"); a
 * creation lists what it made, a deletion what it removed.
 */
export function AuditChange({ event }: { event: Pick<AuditEvent, 'before' | 'after'> }) {
  const before = event.before ?? {};
  const after = event.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return null;
  const created = event.before === null;
  const removed = event.after === null;
  return (
    <ul className="list-unstyled small mb-0">
      {fields.map((field) => (
        <li key={field}>
          <span className="text-body-secondary">{field}:</span>{' '}
          {created ? (
            <ins className="text-decoration-none">{shown(after[field])}</ins>
          ) : removed ? (
            <del>{shown(before[field])}</del>
          ) : (
            <>
              <del>{shown(before[field])}</del> →{' '}
              <ins className="text-decoration-none">{shown(after[field])}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
