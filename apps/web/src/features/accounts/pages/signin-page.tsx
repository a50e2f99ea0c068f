import type { SigninResponse } from '@app/contract';
import { useState } from 'react';
import { Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { roleHome } from '../../../lib/role-home';
import { storeTokens } from '../../../lib/session';
import { ForgotPasswordModal } from '../components/forgot-password-modal';
import { SigninForm } from '../components/signin-form';

export function SigninPage() {
  const navigate = useNavigate();
  const [showReset, setShowReset] = useState(false);
  // A successful reset starts the form afresh with the reset email: the refusal of the old
  // password no longer applies.
  const [fresh, setFresh] = useState({ form: 0, email: '' });
  const onSuccess = (reply: SigninResponse, remember: boolean) => {
    storeTokens(reply, { remember });
    navigate(roleHome(reply.user_type), { replace: true });
  };
  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col md={7} lg={5}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-1">Sign in</h1>
              <p className="text-muted">
                New here? <Link to="/signup">Create an account</Link>
              </p>
              <SigninForm key={fresh.form} defaultEmail={fresh.email} onSuccess={onSuccess} />
              <div className="text-center mt-3">
                <Button variant="link" onClick={() => setShowReset(true)}>
                  Forgot Password
                </Button>
              </div>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <ForgotPasswordModal
        show={showReset}
        onClose={() => setShowReset(false)}
        onReset={(email) => setFresh((current) => ({ form: current.form + 1, email }))}
      />
    </Container>
  );
}
