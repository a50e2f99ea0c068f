import { Alert } from 'react-bootstrap';
import { errorMessage } from '../lib/api-error';

/**
 * docs/product-contract.md §Messages: the server's message in a red box. Renders nothing when there is
 * no error.
 */
export function FormErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert variant="danger" className="py-2">
      {errorMessage(error)}
    </Alert>
  );
}
