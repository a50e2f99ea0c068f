import { Alert, Button } from 'react-bootstrap';
import { errorMessage } from '../lib/api-error';
import { PageSpinner } from './page-spinner';

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  onRetry?: () => void;
  /** The retry button's word, where a page keeps its words elsewhere (the licensee portal's strings). */
  retryLabel?: string;
  /** The spinner's spoken label. */
  loadingLabel?: string;
}

/** Loading and error states shared by every data screen; renders nothing once data is there. */
export function QueryState({
  isPending,
  error,
  onRetry,
  retryLabel = 'Try again',
  loadingLabel,
}: QueryStateProps) {
  if (error) {
    return (
      <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-3">
        <span>{errorMessage(error)}</span>
        {onRetry && (
          <Button size="sm" variant="outline-danger" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Alert>
    );
  }
  if (isPending) return <PageSpinner label={loadingLabel} />;
  return null;
}
