import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/use-session';

/** Signed-in wrapper (spec §2): anyone without a valid access token goes to /signin. */
export function SignedInGuard() {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
