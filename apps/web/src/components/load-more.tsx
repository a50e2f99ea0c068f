import { Button, Spinner } from 'react-bootstrap';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The "Load more" button under a cursor-paged list (`label`: another word for it, e.g. "Show more"). */
export function LoadMore({ query, label = 'Load more' }: { query: PagedQuery; label?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="text-center my-3">
      <Button
        variant="outline-secondary"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? (
          <Spinner size="sm" animation="border" role="status" aria-label="Loading" />
        ) : (
          label
        )}
      </Button>
    </div>
  );
}
