import { Container } from 'react-bootstrap';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { NotFoundPage } from './not-found-page';

/** Router-level errors: unknown routes get the 404 page, anything else a plain apology. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Container className="py-5 text-center">
      <h1 className="h2">Something went wrong</h1>
      <p className="text-muted">The page could not be shown. Reload it, or go back to the home page.</p>
      <LinkButton to="/" variant="primary">
        Back to the home page
      </LinkButton>
    </Container>
  );
}
