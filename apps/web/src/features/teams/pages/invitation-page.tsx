import { ACCOUNT_ROLE_DESCRIPTIONS, ACCOUNT_ROLE_LABELS } from '@app/contract';
import { useEffect } from 'react';
import { Alert, Button, Card, Container } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { LinkButton } from '../../../components/link-button';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/use-session';
import { forgetInvitation, rememberInvitation, useAcceptInvitation, useInvitation } from '../api';

/**
 * /invitations/:token, the link of the invitation mail (decision 033): what it offers, then accept
 * signed in with the invited address, or sign in or up first (the page is remembered for this tab).
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { signedIn } = useSession();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    if (!signedIn && invitation.data) rememberInvitation(token);
  }, [signedIn, invitation.data, token]);

  const offer = invitation.data?.invitation;
  return (
    <Container className="py-5" style={{ maxWidth: 640 }}>
      <h1 className="h2 mb-4">Invitation</h1>
      {offer ? (
        <Card>
          <Card.Body>
            <p>
              <strong>{offer.invitedBy}</strong> invited <strong>{offer.email}</strong> to join{' '}
              <strong>{offer.accountName}</strong> as <strong>{ACCOUNT_ROLE_LABELS[offer.role]}</strong>.
            </p>
            <p className="text-muted">{ACCOUNT_ROLE_DESCRIPTIONS[offer.role]}</p>
            <FormErrorAlert error={accept.error} />
            {signedIn ? (
              <Button
                disabled={accept.isPending}
                onClick={() =>
                  accept.mutate(token, {
                    onSuccess: () => {
                      forgetInvitation();
                      toast.show({ message: `You joined ${offer.accountName}` });
                      navigate('/profile?tab=team', { replace: true });
                    },
                  })
                }
              >
                {accept.isPending ? 'Joining…' : `Join ${offer.accountName}`}
              </Button>
            ) : (
              <>
                <p>Sign in or create an account with {offer.email} to accept it.</p>
                <div className="d-flex gap-2">
                  <LinkButton to="/signin">Sign in</LinkButton>
                  <LinkButton to="/signup" variant="outline-primary">
                    Create an account
                  </LinkButton>
                </div>
              </>
            )}
          </Card.Body>
        </Card>
      ) : invitation.error ? (
        <Alert variant="warning">{errorMessage(invitation.error)}</Alert>
      ) : (
        <QueryState isPending={invitation.isPending} error={null} onRetry={() => void invitation.refetch()} />
      )}
    </Container>
  );
}
