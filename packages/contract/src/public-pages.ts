/**
 * Public pages: prerendered at build time (apps/web/prerender.ts) and listed in /sitemap.xml.
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
];
