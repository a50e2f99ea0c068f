import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { roleHome } from '../../lib/role-home';
import { useSession } from '../../lib/use-session';

/**
 * A client's own pages (profile, orders, the Key Manager, payments; docs/product-contract.md §Roles):
 * signed-out visitors sign in first, and staff and admins, who have no client account to show, go to
 * their own area.
 */
export function ClientGuard() {
  const { signedIn, userType, restoring } = useSession();
  const location = useLocation();
  if (restoring) return <PageSpinner />;
  if (!signedIn) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  if (userType === 'e' || userType === 'a') return <Navigate to={roleHome(userType)} replace />;
  return <Outlet />;
}
