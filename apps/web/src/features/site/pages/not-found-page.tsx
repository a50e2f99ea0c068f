import { Container } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';

export function NotFoundPage() {
  return (
    <Container className="py-5 text-center">
      <p className="display-1 fw-bold text-secondary mb-0">404</p>
      <h1 className="h2">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <LinkButton to="/" variant="primary">
        Back to the home page
      </LinkButton>
    </Container>
  );
}
