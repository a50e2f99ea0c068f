import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../lib/use-session';

/**
 * Company-admin wrapper (docs/product-contract.md §Routes, §States): no valid admin token means the
 * admin login page.
 */
export function AdminGuard() {
  const { signedIn, userType, restoring } = useSession();
  if (restoring) return <PageSpinner />;
  if (!signedIn || userType !== 'a') return <Navigate to="/company/admin/login" replace />;
  return <Outlet />;
}
