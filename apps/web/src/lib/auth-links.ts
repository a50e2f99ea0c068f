import type { UserType } from '@app/contract';
import { ADMIN_LINKS, type NavLinkItem, SIGNED_IN_LINKS, SIGNED_OUT_LINKS, STAFF_LINKS } from './nav-links';
import { useSession } from './use-session';

const NONE: readonly NavLinkItem[] = [];

function signedInLinks(userType: UserType | null): readonly NavLinkItem[] {
  if (userType === 'a') return ADMIN_LINKS;
  if (userType === 'e') return STAFF_LINKS;
  return SIGNED_IN_LINKS;
}

/**
 * The account links that fit the current session and role (staff and admins are led back to their
 * own area); none while an expired session is being renewed.
 */
export function useAuthLinks(): readonly NavLinkItem[] {
  const { signedIn, userType, restoring } = useSession();
  if (restoring) return NONE;
  return signedIn ? signedInLinks(userType) : SIGNED_OUT_LINKS;
}
