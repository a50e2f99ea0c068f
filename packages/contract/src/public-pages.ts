/**
 * Public pages: rendered at build time with React's server renderer (apps/web/prerender.ts,
 * decision 027) and listed in /sitemap.xml.
 * No imports, so the web build config can read it straight from source.
 */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/about',
  '/contact-us',
  '/products',
  '/products/real-estate-crm-and-property-management-platform',
  '/tutorials',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
  '/terms-and-conditions',
  '/business-registration-conditions',
  '/order-creation-conditions',
  '/built-apis',
  '/built-apis/doc',
  '/built-apis/doc/key-manager',
  '/developer-resources/libraries',
  '/developer-resources/libraries/key-manager-lib-documentation',
];
