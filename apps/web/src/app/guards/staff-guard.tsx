import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../lib/use-session';

/** Staff area: signed-out users sign in first; other signed-in users belong on /profile. */
export function StaffGuard() {
  const { signedIn, userType, restoring } = useSession();
  if (restoring) return <PageSpinner />;
  if (!signedIn) return <Navigate to="/signin" replace />;
  if (userType !== 'e') return <Navigate to="/profile" replace />;
  return <Outlet />;
}
