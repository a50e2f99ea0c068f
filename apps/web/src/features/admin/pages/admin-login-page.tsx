import { Card, Col, Container, Row } from 'react-bootstrap';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { AdminLoginForm } from '../components/admin-login-form';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const { signedIn, userType } = useSession();
  if (signedIn && userType === 'a') return <Navigate to="/company/admin" replace />;

  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col md={7} lg={5}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-1">Admin sign in</h1>
              <p className="text-muted">For company administrators only.</p>
              <AdminLoginForm onSuccess={() => navigate('/company/admin', { replace: true })} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
