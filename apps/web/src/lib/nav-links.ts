/**
 * Main navigation (docs/product-contract.md §Screens, Navigation bar), in display order. Later screens
 * add their entries here as they land: Orders, APIs, Products, Dev Resources, About, Contact.
 */
export interface NavLinkItem {
  to: string;
  label: string;
  /** A NavIcon name shown instead of the label on the large-screen button (the label stays for screen readers). */
  icon?: string;
}

export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/orders', label: 'Orders' },
  { to: '/built-apis', label: 'APIs' },
  { to: '/products', label: 'Products' },
  { to: '/developer-resources/libraries', label: 'Dev Resources' },
  { to: '/about', label: 'About' },
  { to: '/contact-us', label: 'Contact' },
];

/** Account links: the spec shows them on the right of the bar, and again on the home page on small screens. */
export const SIGNED_OUT_LINKS: readonly NavLinkItem[] = [
  { to: '/signup', label: 'Sign Up' },
  { to: '/signin', label: 'Sign In' },
];

const CHAT_ROOM: NavLinkItem = { to: '/chatroom', label: 'Chat room', icon: 'chat' };
const LOG_OUT: NavLinkItem = { to: '/logout', label: 'Log out' };

/**
 * A client's links (docs/product-contract.md §Screens, Navigation bar). Staff and admins get their own
 * area in Profile's place: /profile is a client's.
 */
export const SIGNED_IN_LINKS: readonly NavLinkItem[] = [
  CHAT_ROOM,
  { to: '/profile', label: 'Profile' },
  LOG_OUT,
];
export const STAFF_LINKS: readonly NavLinkItem[] = [
  CHAT_ROOM,
  { to: '/company/staff', label: 'Staff area' },
  LOG_OUT,
];
export const ADMIN_LINKS: readonly NavLinkItem[] = [
  CHAT_ROOM,
  { to: '/company/admin', label: 'Admin panel' },
  LOG_OUT,
];
