import { Card, Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { ProjectRequestForm } from '../components/project-request-form';

/** /orders/create: the project request page (docs/product-contract.md §Screens). */
export function CreateOrderPage() {
  return (
    <Container className="py-4" style={{ maxWidth: 760 }}>
      <Link to="/orders" className="small">
        ← Back to your orders
      </Link>
      <h1 id="request-title" className="h3 my-3">
        Request a project
      </h1>
      <Card className="shadow-sm">
        <Card.Body>
          <ProjectRequestForm />
        </Card.Body>
      </Card>
    </Container>
  );
}
