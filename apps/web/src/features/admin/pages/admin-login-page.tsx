import type { SecondFactorStep } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { Navigate, useNavigate } from 'react-router';
import { SecondFactorForm } from '../../../components/second-factor-form';
import { ApiError } from '../../../lib/api-error';
import { storeTokens } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';
import { adminSecondFactor } from '../api';
import { AdminLoginForm } from '../components/admin-login-form';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const { signedIn, userType } = useSession();
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const verify = useMutation({
    mutationFn: async (body: Parameters<typeof adminSecondFactor>[0]) => {
      const reply = await adminSecondFactor(body);
      // Defence in depth: only an admin token may open the admin panel.
      if (reply.user_type !== 'a') throw new ApiError(403, 'This account is not an administrator.');
      return reply;
    },
    onSuccess: (reply) => {
      // The admin login has no Remember me: its session ends with the browser (decision 004).
      storeTokens(reply, { remember: false });
      navigate('/company/admin', { replace: true });
    },
  });
  if (signedIn && userType === 'a') return <Navigate to="/company/admin" replace />;

  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col md={7} lg={5}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-1">Admin sign in</h1>
              {step ? (
                <SecondFactorForm
                  step={step}
                  pending={verify.isPending}
                  error={verify.error}
                  onProof={(proof) => verify.mutate({ challenge: step.challenge, proof })}
                  onCancel={() => {
                    verify.reset();
                    setStep(null);
                  }}
                />
              ) : (
                <>
                  <p className="text-muted">For company administrators only.</p>
                  <AdminLoginForm
                    onSuccess={() => navigate('/company/admin', { replace: true })}
                    onSecondFactor={setStep}
                  />
                </>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
