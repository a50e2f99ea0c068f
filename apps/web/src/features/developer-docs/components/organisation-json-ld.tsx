import { useBrand } from '../../site/api';

/** Organisation structured data (schema.org) for search engines; spec: founding year 2024. */
export function OrganisationJsonLd() {
  const { brandName, contactEmail } = useBrand();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brandName || 'Northwind Software',
    url: window.location.origin,
    logo: `${window.location.origin}/logo.svg`,
    foundingDate: '2024',
    ...(contactEmail ? { email: contactEmail } : {}),
  };
  // A JSON data block is not executed, so the page's script CSP does not apply to it.
  return <script type="application/ld+json">{JSON.stringify(data)}</script>;
}
