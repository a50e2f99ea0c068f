/**
 * Footer columns (docs/product-contract.md §Screens, Navigation bar and footer). Later screens add their
 * entries as they land.
 */
export interface FooterLink {
  label: string;
  to: string;
  /** Served by the API rather than the React router (e.g. the OpenAPI reference). */
  external?: boolean;
}

export const DEVELOPER_LINKS: readonly FooterLink[] = [
  { label: 'APIs', to: '/built-apis' },
  { label: 'Key Manager REST API', to: '/built-apis/doc/key-manager' },
  { label: 'Libraries', to: '/developer-resources/libraries' },
  { label: 'Java library documentation', to: '/developer-resources/libraries/key-manager-lib-documentation' },
  { label: 'API reference (OpenAPI)', to: '/api/docs', external: true },
];

export const OTHER_LINKS: readonly FooterLink[] = [
  { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Refund Policy', to: '/refund-policy' },
  { label: 'Getting started', to: '/tutorials' },
  { label: 'Help Center', to: '/contact-us' },
];

export interface SocialLink {
  label: string;
  href: string;
  short: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'GitHub', href: 'https://github.com/', short: 'GitHub' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', short: 'LinkedIn' },
  { label: 'X (formerly Twitter)', href: 'https://x.com/', short: 'X' },
];
