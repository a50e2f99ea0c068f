import type { SignupResponse } from '@app/contract';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { storeTokens } from '../../../lib/session';
import { SignupForm } from '../components/signup-form';

export function SignupPage() {
  const navigate = useNavigate();
  const onSuccess = (reply: SignupResponse, remember: boolean) => {
    storeTokens(reply, { remember });
    navigate('/profile', { replace: true });
  };
  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col md={9} lg={7} xl={6}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-1">Create your account</h1>
              <p className="text-muted">
                Already have one? <Link to="/signin">Sign in</Link>
              </p>
              <SignupForm onSuccess={onSuccess} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
