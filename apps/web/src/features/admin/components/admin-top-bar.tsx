import type { ReactNode } from 'react';
import { Button, Container, Navbar } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { useBrand } from '../../../lib/brand';
import { logout } from '../../../lib/session-exchange';

/**
 * Admin frame top bar; log out returns to the admin login (docs/product-contract.md §Screens, Admin
 * panel).
 */
export function AdminTopBar({ actions }: { actions?: ReactNode }) {
  const navigate = useNavigate();
  const { brandName } = useBrand();
  const onLogout = async () => {
    await logout();
    navigate('/company/admin/login', { replace: true });
  };
  return (
    <Navbar bg="dark" variant="dark" className="px-2">
      <Container fluid className="flex-nowrap">
        {/* On a phone a long brand shrinks (ellipsis) rather than pushing Log out onto two lines. */}
        <Navbar.Brand className="d-flex align-items-center gap-2 me-2" style={{ minWidth: 0 }}>
          <img src="/logo.svg" width={32} height={32} alt="" className="flex-shrink-0" />
          <span className="text-truncate">{brandName ? `${brandName} admin` : 'Admin panel'}</span>
        </Navbar.Brand>
        {actions && <div className="ms-auto me-2 flex-shrink-0">{actions}</div>}
        <Button
          variant="outline-light"
          size="sm"
          className="text-nowrap flex-shrink-0"
          onClick={() => void onLogout()}
        >
          Log out
        </Button>
      </Container>
    </Navbar>
  );
}
