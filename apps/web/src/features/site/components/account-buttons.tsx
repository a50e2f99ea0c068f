import { LinkButton } from '../../../components/link-button';
import { useAuthLinks } from '../../../lib/auth-links';

/**
 * docs/product-contract.md §Screens (Navigation bar): below lg the navbar hides the account links, so
 * the home page repeats them.
 */
export function AccountButtons() {
  const links = useAuthLinks();
  return (
    <nav aria-label="Account shortcuts" className="d-flex d-lg-none gap-2 mb-4">
      {links.map((link, index) => (
        <LinkButton key={link.to} to={link.to} variant={index === 0 ? 'primary' : 'outline-light'}>
          {link.label}
        </LinkButton>
      ))}
    </nav>
  );
}
