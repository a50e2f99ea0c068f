import { adminSignIn } from '../support/chat.js';
import { expect, test } from '../support/test.js';

/** Every admin section, by its `?section=` key (apps/web/src/app/pages/admin-route.tsx). */
const SECTIONS = [
  'dashboard',
  'projects',
  'quotes',
  'invoices',
  'products',
  'plan-upgrade-requests',
  'past-due',
  'payments',
  'apis',
  'leads',
  'newsletter',
  'messages',
  'customer-service',
  'users',
  'mail',
  'jobs',
  'security',
];

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/**
 * The admin panel runs under the site's Content Security Policy (no `unsafe-eval`) without the
 * browser blocking anything: no code in its bundle tries `eval` or `new Function` (zod's compiled
 * parsers probe for it unless told `jitless`, apps/web/src/lib/zod-jitless.ts), and the console stays
 * free of errors.
 */
test('the admin pages cause no CSP violation and no console error', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.effectiveDirective}: ${event.blockedURI} (${event.sourceFile})`),
    );
  });

  const violations: string[] = [];
  await adminSignIn(page);
  for (const section of SECTIONS) {
    // A fresh load each time: the bundle's code runs again, as when an admin reloads.
    await page.goto(`/company/admin?section=${section}`);
    await expect(page.getByRole('heading', { name: 'Admin panel' })).toBeAttached();
    // The section has its data (or its empty state): no spinner is left.
    await expect(page.getByRole('main').locator('.spinner-border')).toHaveCount(0);
    const seen = await page.evaluate(() => window.cspViolations);
    violations.push(...seen.map((violation) => `${section}: ${violation}`));
  }
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
