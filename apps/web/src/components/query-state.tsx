import { Alert, Button } from 'react-bootstrap';
import { errorMessage } from '../lib/api-error';
import { PageSpinner } from './page-spinner';

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  onRetry?: () => void;
}

/** Loading and error states shared by every data screen; renders nothing once data is there. */
export function QueryState({ isPending, error, onRetry }: QueryStateProps) {
  if (error) {
    return (
      <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-3">
        <span>{errorMessage(error)}</span>
        {onRetry && (
          <Button size="sm" variant="outline-danger" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  if (isPending) return <PageSpinner />;
  return null;
}
