import type { Locator, Page } from '@playwright/test';
import { signIn, signUp, uniqueUser } from '../support/accounts.js';
import { E2E_DEMO_PASSWORD } from '../support/env.js';
import { expect, test } from '../support/test.js';

/** Project cards open their room, attachments are readable, names not doubled. */

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** WCAG contrast ratio of an element's text colour against the background it paints. */
function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (css: string) => {
      const [r = 0, g = 0, b = 0] = channels(css).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(node);
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  });
}

test("a project card's Message opens that project's room; the client's own attachment is readable", async ({
  page,
}) => {
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  const orderName = `Room link ${Date.now()}`;
  const access = await page.evaluate(() => localStorage.getItem('access'));
  const created = await page.request.post('/api/v1/user/project/request', {
    headers: { authorization: `Bearer ${access}` },
    multipart: {
      name: orderName,
      web: 'true',
      android: 'true',
      desktop: 'false',
      proposalLink: 'https://example.com/proposal',
    },
  });
  expect(created.status()).toBe(200);

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `${orderName} (Android)` });
  await card.getByRole('link', { name: 'Message' }).click();
  await expect(page).toHaveURL(/\/chatroom\?order=[^&]+&project=[^&]+$/);
  await expect(page.getByText(`${orderName} — ${orderName} (Android)`)).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Discussions' })
      .getByRole('button', { name: `${orderName} (Android)` }),
  ).toHaveClass(/active/);

  await page
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('dialog', { name: 'Choose Media' }).getByRole('button', { name: 'Send' }).click();
  const chip = log(page).getByRole('link', { name: /brief\.pdf/ });
  await expect(chip).toBeVisible();
  // On the reader's own blue bubble the chip keeps its own surface: dark text on light, readable.
  await expect(chip.locator('xpath=ancestor::div[contains(@class,"chat-bubble")]')).toHaveClass(/bg-primary/);
  expect(await contrastOf(chip)).toBeGreaterThanOrEqual(4.5);
});

test('demo project rooms are named once with their type', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'client@demo.test', E2E_DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/chatroom');
  const rooms = page.getByRole('navigation', { name: 'Discussions' });
  await expect(
    rooms.getByRole('button', { name: 'Harbour Café ordering app (Web)', exact: true }),
  ).toBeVisible();
  await expect(rooms.getByText('(Web) (Web)')).toHaveCount(0);
});

test("a client's discussions come a page at a time and are searched on the server", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueUser());
  await expect(page).toHaveURL(/\/profile$/);
  const access = await page.evaluate(() => localStorage.getItem('access'));
  const tag = `Rooms${Date.now().toString(36)}`;
  // 51 orders, one after another (newest first on screen): one more than the first page holds.
  for (let index = 0; index < 51; index += 1) {
    const order = await page.request.post('/api/v1/user/project/request', {
      headers: { authorization: `Bearer ${access}` },
      data: { web: true, name: `${tag} ${String(index).padStart(2, '0')}` },
    });
    expect(order.status()).toBe(200);
  }

  await page.goto('/chatroom');
  const rooms = page.getByRole('navigation', { name: 'Discussions' });
  const groups = rooms.locator(':scope > div');
  const pager = page.getByRole('navigation', { name: 'Discussion pages' });
  await expect(groups).toHaveCount(50);
  await expect(groups.first()).toContainText(`${tag} 50`);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2')).toBeVisible();
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText(`${tag} 00`);
  await groups
    .first()
    .getByRole('button', { name: `${tag} 00 (Web)` })
    .click();
  await expect(page.getByText(`${tag} 00 — ${tag} 00 (Web)`)).toBeVisible();

  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/v1/user/projects/chat/get_discussions' &&
      url.searchParams.get('search') === `${tag} 17`
    );
  });
  await page.getByRole('searchbox', { name: 'Search discussions' }).fill(`${tag} 17`);
  await searched;
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toContainText(`${tag} 17`);
  await expect(pager).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search discussions' }).fill('no such project');
  await expect(rooms).toHaveCount(0);
  await expect(page.getByText('No discussion matches this search.')).toBeVisible();

  // A mail's link to the oldest room: its order is not on the first page, and the room still shows
  // its name (get_discussions?order=), not "Project chat".
  const found = await page.request.get(
    `/api/v1/user/projects/chat/get_discussions?search=${encodeURIComponent(`${tag} 00`)}`,
    { headers: { authorization: `Bearer ${access}` } },
  );
  const [oldest] = (await found.json()).discussions as Array<{ id: string; projects: Array<{ id: string }> }>;
  await page.goto(`/chatroom?order=${oldest?.id}&project=${oldest?.projects[0]?.id}`);
  await expect(groups).toHaveCount(50);
  await expect(rooms).not.toContainText(`${tag} 00`);
  await expect(page.getByText(`${tag} 00 — ${tag} 00 (Web)`)).toBeVisible();
  await expect(page.getByText('Project chat', { exact: true })).toHaveCount(0);
});
