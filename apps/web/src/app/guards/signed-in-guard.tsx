import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../lib/use-session';

/**
 * Signed-in wrapper (docs/product-contract.md §Routes): anyone without a valid (or renewable) access
 * token goes to /signin.
 */
export function SignedInGuard() {
  const { signedIn, restoring } = useSession();
  const location = useLocation();
  // An expired access token is being renewed (decision 004): wait for the answer.
  if (restoring) return <PageSpinner />;
  if (!signedIn) return <Navigate to="/signin" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
