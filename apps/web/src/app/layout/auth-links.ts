import { useSession } from '../../lib/use-session';
import { type NavLinkItem, SIGNED_IN_LINKS, SIGNED_OUT_LINKS } from './nav-links';

const NONE: readonly NavLinkItem[] = [];

/** The account links that fit the current session; none while an expired session is being renewed. */
export function useAuthLinks(): readonly NavLinkItem[] {
  const { signedIn, restoring } = useSession();
  if (restoring) return NONE;
  return signedIn ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
}
