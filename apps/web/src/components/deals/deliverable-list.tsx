import type { Deliverable, MilestoneEvent } from '@app/contract';
import { formatMoment } from '../../lib/project-format';
import { filePath } from '../../lib/protected-file';
import { DownloadButton } from '../download-button';

const who = (by: { name: string } | null) => by?.name ?? 'Someone';

/** Bytes as people read them: "840 KB", "3.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A milestone's deliverables, newest first: a file to download, a link (opens in a new tab), a note;
 * each with who posted it and when.
 */
export function DeliverableList({ deliverables }: { deliverables: readonly Deliverable[] }) {
  if (deliverables.length === 0)
    return <p className="text-body-secondary small mb-1">Nothing delivered yet.</p>;
  return (
    <ul className="list-unstyled mb-1 small" aria-label="Deliverables">
      {deliverables.map((item) => (
        <li key={item.id} className="border-start border-2 ps-2 mb-2 text-break">
          {item.file && (
            <div className="d-flex flex-wrap align-items-center gap-2">
              <DownloadButton
                size="sm"
                path={filePath(item.file.id)}
                fileName={item.file.name}
                hiddenLabel={` (${formatSize(item.file.size)})`}
                failure={`${item.file.name} could not be downloaded. Try again.`}
              >
                {item.file.name}
              </DownloadButton>
              <span className="text-body-secondary">{formatSize(item.file.size)}</span>
            </div>
          )}
          {item.url && (
            <a href={item.url} target="_blank" rel="noopener noreferrer">
              {item.url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {item.note && (
            <p className="mb-0 mt-1" style={{ whiteSpace: 'pre-wrap' }}>
              {item.note}
            </p>
          )}
          <div className="text-body-secondary">
            {who(item.by)} · {formatMoment(item.createdAt)}
          </div>
        </li>
      ))}
    </ul>
  );
}

const EVENT_WORDS: Record<MilestoneEvent['kind'], string> = {
  delivered: 'Delivered',
  'changes requested': 'Changes asked for',
  approved: 'Approved',
};

/** What happened to a milestone, oldest first: deliveries, requests for changes (with the comment), approval. */
export function MilestoneHistory({ history }: { history: readonly MilestoneEvent[] }) {
  if (history.length === 0) return null;
  return (
    <details className="small mb-1">
      <summary>History ({history.length})</summary>
      <ol className="mb-0 ps-3 mt-1" aria-label="Milestone history">
        {history.map((event) => (
          <li key={event.id} className="text-break">
            <span className="fw-semibold">{EVENT_WORDS[event.kind]}</span> by {who(event.by)},{' '}
            {formatMoment(event.at)}
            {event.comment && <q className="d-block fst-italic">{event.comment}</q>}
          </li>
        ))}
      </ol>
    </details>
  );
}
