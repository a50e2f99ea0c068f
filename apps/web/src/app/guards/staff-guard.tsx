import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/use-session';
import { PageSpinner } from '../layout/page-spinner';

/** Staff area: signed-out users sign in first; other signed-in users belong on /profile. */
export function StaffGuard() {
  const { signedIn, userType, restoring } = useSession();
  if (restoring) return <PageSpinner />;
  if (!signedIn) return <Navigate to="/signin" replace />;
  if (userType !== 'e') return <Navigate to="/profile" replace />;
  return <Outlet />;
}
