import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { logout } from '../../../lib/session-exchange';

/** docs/product-contract.md §States: signing out clears local storage and goes to /signin. */
export function LogoutPage() {
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; the refresh token must be revoked once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate('/signin', { replace: true }));
  }, [navigate]);

  return <PageSpinner label="Signing out…" />;
}
