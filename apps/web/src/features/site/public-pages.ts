/**
 * The public routes that are prerendered at build time and listed in sitemap.xml. Plain data with
 * no imports, so the build script and the API can read it too.
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
