import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { forgetInvitation, pendingInvitation } from '../api';

/** After signing in or up from an invitation link: a way back to accept it. */
export function PendingInvitationNotice() {
  const [token, setToken] = useState(pendingInvitation);
  if (!token) return null;
  return (
    <Alert
      variant="info"
      dismissible
      onClose={() => {
        forgetInvitation();
        setToken(null);
      }}
    >
      You opened an invitation before signing in.{' '}
      <Link to={`/invitations/${token}`}>Open it to join the account</Link>.
    </Alert>
  );
}
