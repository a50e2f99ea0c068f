import {
  needsSecondFactor,
  type SecondFactorStep,
  type SigninOutcome,
  type SigninResponse,
} from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { SecondFactorForm } from '../../../components/second-factor-form';
import { roleHome } from '../../../lib/role-home';
import { storeTokens } from '../../../lib/session';
import { signinSecondFactor } from '../api';
import { ForgotPasswordModal } from '../components/forgot-password-modal';
import { SigninForm } from '../components/signin-form';

export function SigninPage() {
  const navigate = useNavigate();
  const [showReset, setShowReset] = useState(false);
  // A successful reset starts the form afresh with the reset email: the refusal of the old
  // password no longer applies.
  const [fresh, setFresh] = useState({ form: 0, email: '' });
  // A right password of a person with a second factor: the step, and the Remember me it came with.
  const [second, setSecond] = useState<{ step: SecondFactorStep; remember: boolean } | null>(null);
  const signedIn = (reply: SigninResponse, remember: boolean) => {
    storeTokens(reply, { remember });
    navigate(roleHome(reply.user_type), { replace: true });
  };
  const onSuccess = (reply: SigninOutcome, remember: boolean) => {
    if (needsSecondFactor(reply)) setSecond({ step: reply.secondFactor, remember });
    else signedIn(reply, remember);
  };
  const verify = useMutation({
    mutationFn: signinSecondFactor,
    onSuccess: (reply) => signedIn(reply, second?.remember ?? false),
  });
  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col md={7} lg={5}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-1">Sign in</h1>
              {second ? (
                <SecondFactorForm
                  step={second.step}
                  pending={verify.isPending}
                  error={verify.error}
                  onProof={(proof) => verify.mutate({ challenge: second.step.challenge, proof })}
                  onCancel={() => {
                    verify.reset();
                    setSecond(null);
                  }}
                />
              ) : (
                <>
                  <p className="text-muted">
                    New here? <Link to="/signup">Create an account</Link>
                  </p>
                  <SigninForm key={fresh.form} defaultEmail={fresh.email} onSuccess={onSuccess} />
                  <div className="text-center mt-3">
                    <Button variant="link" onClick={() => setShowReset(true)}>
                      Forgot Password
                    </Button>
                  </div>
                </>
              )}
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
