import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { roleHome } from '../../lib/role-home';
import { useSession } from '../../lib/use-session';

/** /signup and /signin are for signed-out visitors; a signed-in user is sent to their own area. */
export function SignedOutGuard() {
  const { signedIn, userType, restoring } = useSession();
  // A session being renewed may turn out signed in: do not show the sign-in form meanwhile.
  if (restoring) return <PageSpinner />;
  if (signedIn) return <Navigate to={roleHome(userType)} replace />;
  return <Outlet />;
}
