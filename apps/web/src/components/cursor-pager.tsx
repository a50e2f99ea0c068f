import { Button, Spinner } from 'react-bootstrap';

interface CursorPagerProps {
  /** 1-based number of the page on screen. */
  page: number;
  nextCursor: string | null | undefined;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
  /** A page is loading (buttons wait). */
  busy?: boolean;
  label: string;
  /** The buttons' words where the list names its direction (the Keys tab: Newer, Older). */
  previousLabel?: string;
  nextLabel?: string;
}

/** Previous / Next under a keyset-paged table: the list holds one page; the server holds the rest. */
export function CursorPager({
  page,
  nextCursor,
  onNext,
  onPrevious,
  busy,
  label,
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: CursorPagerProps) {
  if (page === 1 && !nextCursor) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center justify-content-center gap-3 my-3">
      <Button variant="outline-secondary" size="sm" disabled={busy || page === 1} onClick={onPrevious}>
        {previousLabel}
      </Button>
      <span className="text-muted small" aria-live="polite">
        {busy ? <Spinner size="sm" animation="border" role="status" aria-label="Loading" /> : `Page ${page}`}
      </span>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={busy || !nextCursor}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        {nextLabel}
      </Button>
    </nav>
  );
}
