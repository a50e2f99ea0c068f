import { useSession } from '../../lib/use-session';
import { type NavLinkItem, SIGNED_IN_LINKS, SIGNED_OUT_LINKS } from './nav-links';

/** The account links that fit the current session. */
export function useAuthLinks(): readonly NavLinkItem[] {
  const { signedIn } = useSession();
  return signedIn ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
}
