import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { useAuthLinks } from '../../lib/auth-links';
import { useBrand } from '../../lib/brand';
import { NAV_LINKS } from '../../lib/nav-links';
import { useSession } from '../../lib/use-session';
import { NavIcon } from './nav-icon';

// The bell is fetched only once someone is signed in: `/`'s first download has a budget (decision 009).
const NotificationBell = lazy(() => import('../../features/notifications/components/notification-bell'));

export const NAVBAR_HEIGHT_PX = 66;
/** Where the page starts below the fixed bar (styles.css `.app-main` padding). */
export const NAVBAR_OFFSET_PX = 70;

/**
 * docs/product-contract.md §Screens (Navigation bar) and §Interface: fixed, semi-transparent black bar
 * above everything (layer 3000), 45x45 logo and brand; below lg (992 px) the links collapse behind a
 * toggle. Plain Bootstrap markup rather than react-bootstrap's Navbar, whose offcanvas and transition
 * code weighed ~6 kB gzip on every page (decision 009: initial JS budget).
 */
export function NavBar() {
  const { brandName } = useBrand();
  const authLinks = useAuthLinks();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { signedIn } = useSession();

  // Following a link closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => setOpen(false), [pathname]);

  // Escape closes the open menu and returns focus to its toggle, as in a disclosure widget.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header
      className="app-navbar navbar navbar-expand-lg navbar-dark fixed-top"
      // The open small-screen menu lies over the page: opaque, so the page text does not show through.
      style={{ backgroundColor: open ? 'rgb(0, 0, 0)' : 'rgba(0, 0, 0, 0.85)', zIndex: 3000 }}
    >
      <div className="container-lg">
        <Link
          to="/"
          className="navbar-brand d-flex align-items-center gap-2"
          // Signed in, the bell shares the bar's first line with the toggle on a phone: a long brand is
          // cut short rather than push the toggle onto a second line (the bell and toggle need 7.5rem).
          style={signedIn ? { minWidth: 0, maxWidth: 'calc(100% - 7.5rem)' } : undefined}
        >
          <img src="/logo.svg" width={45} height={45} alt="" />
          <span className="fw-semibold text-truncate" style={signedIn ? { minWidth: 0 } : undefined}>
            {brandName}
          </span>
        </Link>
        {signedIn && (
          // Beside the toggle below lg (it stays on the bar), after the account buttons from lg up.
          <div className="ms-auto me-2 order-lg-last ms-lg-2 me-lg-0">
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          </div>
        )}
        <button
          ref={toggle}
          type="button"
          className={`navbar-toggler${open ? '' : ' collapsed'}`}
          aria-controls="main-nav"
          aria-expanded={open}
          aria-label="Toggle navigation"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-nav" className={`navbar-collapse collapse${open ? ' show' : ''}`}>
          <nav className="navbar-nav me-auto" aria-label="Main">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className="nav-link" end>
                {link.label}
              </NavLink>
            ))}
          </nav>
          {/* Below lg the account links sit in the collapsed menu, so every page offers them. */}
          <nav className="navbar-nav d-lg-none border-top border-secondary pt-2" aria-label="Account menu">
            {authLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className="nav-link">
                {link.label}
              </NavLink>
            ))}
          </nav>
          {/* docs/product-contract.md §Interface: the account buttons show on large screens; the home
              page repeats them below lg. */}
          <nav className="navbar-nav d-none d-lg-flex flex-row align-items-center gap-2" aria-label="Account">
            {authLinks.map((link, index) => (
              <LinkButton
                key={link.to}
                to={link.to}
                size="sm"
                variant={index === (authLinks[0]?.icon ? 1 : 0) ? 'primary' : 'outline-light'}
              >
                {link.icon ? (
                  <>
                    <NavIcon name={link.icon} />
                    <span className="visually-hidden">{link.label}</span>
                  </>
                ) : (
                  link.label
                )}
              </LinkButton>
            ))}
          </nav>
        </div>
      </div>
    </header>
  );
}
