import {
  ACCOUNT_ROLE_DESCRIPTIONS,
  ACCOUNT_ROLE_LABELS,
  INVITABLE_ROLES,
  INVITE_TTL_DAYS,
  type InvitableRole,
} from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { useInvite } from '../api';

/** Invite by email with a role; the server mails the link (decision 033). */
export function InviteForm() {
  const invite = useInvite();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('developer');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (reply) => {
          setEmail('');
          toast.show({ message: `Invitation sent to ${reply.invite.email}` });
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-labelledby="invite-title" className="mb-4">
      <h3 id="invite-title" className="h6">
        Invite someone
      </h3>
      <FormErrorAlert error={invite.error} />
      <Row className="g-2 align-items-end">
        <Col sm={6} lg={5}>
          <Form.Group controlId="invite-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={3} lg={3}>
          <Form.Group controlId="invite-role">
            <Form.Label>Role</Form.Label>
            <Form.Select value={role} onChange={(event) => setRole(event.target.value as InvitableRole)}>
              {INVITABLE_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ACCOUNT_ROLE_LABELS[value]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm="auto">
          <SubmitButton pending={invite.isPending} pendingLabel="Sending…">
            Send invitation
          </SubmitButton>
        </Col>
      </Row>
      <Form.Text>
        {ACCOUNT_ROLE_LABELS[role]}: {ACCOUNT_ROLE_DESCRIPTIONS[role]} The link works for {INVITE_TTL_DAYS}{' '}
        days.
      </Form.Text>
    </Form>
  );
}
