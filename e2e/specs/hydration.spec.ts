import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signIn } from '../support/accounts.js';
import { E2E_DEMO_PASSWORD } from '../support/env.js';
import { DATABASE_INDEPENDENT } from '../support/tags.js';
import { expect, test } from '../support/test.js';

/**
 * Decision 027: the public pages arrive rendered by the build (React's server renderer) and the
 * browser hydrates them. Hydration that does not match falls back to rendering from scratch and
 * logs an error; these tests fail on any console error or warning, and on React replacing the
 * server's markup instead of adopting it.
 */
const PAGES = [
  { path: '/', heading: /Software that fits the way your business works/ },
  { path: '/about', heading: /About us/ },
  { path: '/contact-us', heading: /Contact us/ },
  { path: '/products', heading: /^Products$/ },
  { path: '/products/real-estate-crm-and-property-management-platform', heading: /Real-estate CRM/ },
  { path: '/tutorials', heading: /Getting started/ },
  { path: '/privacy-policy', heading: /Privacy Policy/ },
  { path: '/terms-and-conditions', heading: /Terms and Conditions/ },
  { path: '/built-apis', heading: /./ },
  { path: '/built-apis/doc', heading: /API documentation/ },
  { path: '/built-apis/doc/key-manager', heading: /./ },
  { path: '/developer-resources/libraries', heading: /./ },
  { path: '/developer-resources/libraries/key-manager-lib-documentation', heading: /./ },
  { path: '/no-such-page-here', heading: /Page not found/ },
] as const;

/** With E2E_SCREENSHOT_DIR set (e.g. docs/screenshots), these pages are saved at 390 px. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const SCREENSHOTS: Record<string, string> = {
  '/': 'public-home',
  '/about': 'public-about',
  '/products': 'public-products',
  '/built-apis/doc/key-manager': 'public-api-docs',
  '/no-such-page-here': 'public-not-found',
};

/** Collects console errors and warnings, and whether React removed the server's markup from #root. */
async function watch(page: Page): Promise<{ problems: string[]; replaced: () => Promise<boolean> }> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The browser reports the not-found page's own 404 status, which is what it should answer.
    if (message.text().includes('status of 404') && message.location().url === page.url()) return;
    problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const state = window as unknown as { __rootReplaced?: boolean };
    state.__rootReplaced = false;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id === 'root' && record.removedNodes.length > 0)
          state.__rootReplaced = true;
      }
    });
    document.addEventListener('readystatechange', () => {
      const root = document.getElementById('root');
      if (root && document.readyState === 'interactive') observer.observe(root, { childList: true });
    });
  });
  return {
    problems,
    replaced: () => page.evaluate(() => (window as unknown as { __rootReplaced: boolean }).__rootReplaced),
  };
}

/** Hydration has finished when React has attached its props to the server's elements. */
async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('main h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactProps'));
      }),
    )
    .toBe(true);
}

for (const { path, heading } of PAGES) {
  test(
    `${path}: the server's HTML is hydrated without errors or warnings`,
    DATABASE_INDEPENDENT,
    async ({ page }) => {
      const { problems, replaced } = await watch(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(path === '/no-such-page-here' ? 404 : 200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await replaced()).toBe(false);
      expect(problems).toEqual([]);
      // Hydrated means interactive: the phone menu toggle works.
      await page.setViewportSize({ width: 390, height: 800 });
      const shot = SCREENSHOTS[path];
      if (SCREENSHOT_DIR && shot) {
        await page.screenshot({ path: join(SCREENSHOT_DIR, `phone-${shot}.png`), fullPage: true });
      }
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    },
  );
}

test('a signed-in visitor hydrates the signed-out HTML without warnings, then sees their account links', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page, 'client@demo.test', E2E_DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/signin/);
  const { problems, replaced } = await watch(page);
  await page.goto('/about');
  await hydrated(page);
  // The HTML offers Sign In; React replaces it with the signed-in links right after hydrating.
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }),
  ).toBeAttached();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign In' }),
  ).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await replaced()).toBe(false);
  expect(problems).toEqual([]);
});

test(
  'code examples and the base URL show the host the page is served from',
  DATABASE_INDEPENDENT,
  async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    await page.goto('/built-apis/doc');
    await expect(page.getByText(origin, { exact: true })).toBeVisible();
    await page.goto('/built-apis/doc/key-manager');
    const code = page.locator('pre code', { hasText: 'KEY_MANAGER_URL =' }).first();
    await expect(code).toContainText(`KEY_MANAGER_URL = '${origin}'`);
    await expect(page.locator('pre code', { hasText: 'localhost:3000' })).toHaveCount(0);
  },
);

/**
 * Holds back a route chunk until the returned function is called, so what the spec does meanwhile
 * lands on the build's HTML with no React handler yet (a slow phone or network).
 */
async function holdChunk(page: Page, chunk: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test(
  'a click on the rendered page before React has hydrated it is kept: "Chat with us" opens the email dialog',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    // main.tsx holds a click made before hydration and replays it as hydration starts.
    const releaseChunk = await holdChunk(page, /\/assets\/contact-route-[^/]+\.js$/);
    await page.goto('/contact-us', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.getByRole('dialog', { name: 'Enter email' })).toHaveCount(0);
    releaseChunk();
    await expect(page.getByRole('dialog', { name: 'Enter email' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Enter email' }).getByLabel('Email')).toBeFocused();
  },
);

test(
  '/contact-us stays at the top once its chat panel has mounted',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    // The message list scrolled itself into view with scrollIntoView, which scrolls the window too:
    // the page jumped 263 px past its Help Center as it loaded, under a visitor's pointer.
    await page.goto('/contact-us');
    await expect(page.getByRole('log', { name: 'Messages' })).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  },
);

test(
  'a click while React is still hydrating the page (a slow phone) lands on what was aimed at',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByRole('dialog', { name: 'Enter email' })).toBeVisible();
  },
);

test('an email typed into the footer newsletter before React has hydrated the page is the one subscribed', async ({
  page,
}) => {
  const releaseChunk = await holdChunk(page, /\/assets\/home-page-[^/]+\.js$/);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const box = page.getByRole('form', { name: 'Get our newsletter' });
  const email = box.getByLabel('Email address');
  await email.fill(`early-${Date.now()}@example.com`);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  releaseChunk();
  await expect(box.getByRole('status')).toContainText('Subscription successful!');
  await expect(email).toHaveValue('');
});

test(
  'an arrow key on the rendered tabs before React has hydrated them is kept: the next tab opens',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    // Tabs move with the arrow keys only once React handles them; main.tsx holds such a key and
    // replays it as hydration starts (a keyboard user on a slow phone lost it; so did CI under load).
    const releaseChunk = await holdChunk(page, /\/assets\/products-route-[^/]+\.js$/);
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: 'Web Applications' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Store' })).toHaveAttribute('aria-selected', 'false');
    releaseChunk();
    await expect(page.getByRole('tab', { name: 'Store' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Store' })).toBeFocused();
  },
);
