import { Card, Col, Row } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { useSettings } from '../api';
import { ChangeEmailForm } from './change-email-form';
import { ChangeNameForm } from './change-name-form';
import { ChangePasswordForm } from './change-password-form';
import { ChangeSecurityQuestionForm } from './change-security-question-form';

export function SettingsTab() {
  const { data, isPending, error, refetch } = useSettings();
  if (!data) return <QueryState isPending={isPending} error={error} onRetry={() => void refetch()} />;

  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="h4 mb-1">
        Settings
      </h2>
      <p className="text-muted">Signed in as {data.email}</p>
      <Row xs={1} xl={2} className="g-3">
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <ChangeNameForm current={{ firstName: data.firstName, lastName: data.lastName }} />
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <ChangePasswordForm />
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <ChangeSecurityQuestionForm currentQuestion={data.securityQuestion} />
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <ChangeEmailForm current={data.email} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </section>
  );
}
