import { Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { useBrand } from '../../features/site/api';
import { useAuthLinks } from './auth-links';
import { NAV_LINKS } from './nav-links';

export const NAVBAR_HEIGHT_PX = 66;

/** Spec §2: fixed, semi-transparent black bar above everything (layer 3000), 45x45 logo and brand. */
export function NavBar() {
  const { brandName } = useBrand();
  const authLinks = useAuthLinks();

  return (
    <Navbar
      fixed="top"
      expand="lg"
      variant="dark"
      collapseOnSelect
      className="app-navbar"
      style={{ backgroundColor: 'rgba(0, 0, 0, 0.85)', zIndex: 3000 }}
    >
      <Container fluid="lg">
        <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2">
          <img src="/logo.svg" width={45} height={45} alt="" />
          <span className="fw-semibold">{brandName}</span>
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label="Toggle navigation" />
        <Navbar.Collapse id="main-nav">
          <Nav as="nav" className="me-auto" aria-label="Main">
            {NAV_LINKS.map((link) => (
              <Nav.Link key={link.to} as={NavLink} to={link.to} eventKey={link.to} end>
                {link.label}
              </Nav.Link>
            ))}
          </Nav>
          {/* Below lg the account links sit in the collapsed menu, so every page offers them. */}
          <Nav as="nav" className="d-lg-none border-top border-secondary pt-2" aria-label="Account menu">
            {authLinks.map((link) => (
              <Nav.Link key={link.to} as={NavLink} to={link.to} eventKey={link.to}>
                {link.label}
              </Nav.Link>
            ))}
          </Nav>
          {/* Spec §9: the account buttons show on large screens; the home page repeats them below lg. */}
          <Nav as="nav" className="d-none d-lg-flex align-items-center gap-2" aria-label="Account">
            {authLinks.map((link, index) => (
              <LinkButton
                key={link.to}
                to={link.to}
                size="sm"
                variant={index === 0 ? 'primary' : 'outline-light'}
              >
                {link.label}
              </LinkButton>
            ))}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
