import { AxeBuilder } from '@axe-core/playwright';
import { DATABASE_INDEPENDENT } from '../support/tags.js';
import { expect, test } from '../support/test.js';

/** Every public route of the spec's route table that this issue owns, with its main heading. */
const PAGES: readonly { path: string; heading: RegExp }[] = [
  { path: '/', heading: /Software that fits the way your business works/ },
  { path: '/about', heading: /About us/ },
  { path: '/contact-us', heading: /Contact us/ },
  { path: '/products', heading: /Products/ },
  { path: '/products/real-estate-crm-and-property-management-platform', heading: /Real-estate CRM/ },
  { path: '/tutorials', heading: /Getting started/ },
  { path: '/terms-of-service', heading: /Terms of Service/ },
  { path: '/privacy-policy', heading: /Privacy Policy/ },
  { path: '/refund-policy', heading: /Refund Policy/ },
  { path: '/terms-and-conditions', heading: /Terms and Conditions/ },
  { path: '/business-registration-conditions', heading: /Business Registration Conditions/ },
  { path: '/order-creation-conditions', heading: /Order Creation Conditions/ },
];

const WIDTHS = [375, 1280] as const;

for (const { path, heading } of PAGES) {
  test(
    `${path}: content in the first HTML response, meta tags, no serious axe violations`,
    DATABASE_INDEPENDENT,
    async ({ page, request }) => {
      // A crawler without JavaScript: the prerendered HTML already has the heading and the brand.
      const raw = await (await request.get(path)).text();
      expect(raw).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading.source}`));
      expect(raw).toContain('"foundingDate":"2024"');
      expect(raw).not.toMatch(/__(BRAND_NAME|PUBLIC_URL|CONTACT_EMAIL)__/);
      expect(raw).toMatch(/<meta property="og:title" content="[^"]+">/);

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/.{10,}/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    },
  );

  test(
    `${path}: screenshots at ${WIDTHS.join(' and ')} px`,
    DATABASE_INDEPENDENT,
    async ({ page }, testInfo) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        // Nothing may stick out sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const name = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}-${width}.png`;
        const file = testInfo.outputPath(name);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(name, { path: file, contentType: 'image/png' });
      }
    },
  );
}

test(
  'sitemap.xml lists the public pages and robots.txt points at it',
  DATABASE_INDEPENDENT,
  async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const { path } of PAGES) expect(xml).toContain(`${path}</loc>`);
    expect(await (await request.get('/robots.txt')).text()).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
    // The Open Graph image every page names exists.
    const image = await request.get('/og-image.jpg');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
  },
);
