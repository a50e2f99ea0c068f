import type { SecurityStatus } from '@app/contract';
import { Card, Form } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useToast } from '../../../components/toast/toast-context';
import { useMemberTwoFactorPolicy } from '../two-factor-api';

/** An account's owner or admin: require two-factor sign-in of every member of the account. */
export function MemberPolicySection({ security }: { security: SecurityStatus }) {
  const toast = useToast();
  const policy = useMemberTwoFactorPolicy();
  const account = security.account;
  if (!account || (account.role !== 'owner' && account.role !== 'admin')) return null;
  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Members of this account
        </Card.Title>
        <FormErrorAlert error={policy.error} />
        <Form.Check
          type="switch"
          id="require-member-two-factor"
          label="Require two-factor sign-in for every member"
          // While the change is on its way the switch shows where it is going.
          checked={
            policy.isPending
              ? (policy.variables?.required ?? account.requiresTwoFactor)
              : account.requiresTwoFactor
          }
          disabled={policy.isPending}
          onChange={(event) =>
            policy.mutate(
              { required: event.target.checked },
              {
                onSuccess: (reply) =>
                  toast.show({ title: 'Members', message: reply.message, variant: 'success' }),
              },
            )
          }
        />
        <Form.Text muted>
          Members without an authenticator app or passkey can then only reach their profile until they set one
          up.
        </Form.Text>
      </Card.Body>
    </Card>
  );
}
