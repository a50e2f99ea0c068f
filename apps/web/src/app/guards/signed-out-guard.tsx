import { Navigate, Outlet } from 'react-router';
import { roleHome } from '../../lib/role-home';
import { useSession } from '../../lib/use-session';

/** /signup and /signin are for signed-out visitors; a signed-in user is sent to their own area. */
export function SignedOutGuard() {
  const { signedIn, userType } = useSession();
  if (signedIn) return <Navigate to={roleHome(userType)} replace />;
  return <Outlet />;
}
