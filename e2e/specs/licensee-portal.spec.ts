import { KEY_MANAGER_PATHS, PORTAL_LINKS, PORTAL_PATHS, portalPath } from '@app/contract';
import type { Browser, Page, ViewportSize } from '@playwright/test';
import { signUpWithFreeKeyManagerPlan } from '../support/key-manager.js';
import { mailedMatch } from '../support/mail.js';
import { expectFits, PHONE } from '../support/phone-layout.js';
import { expect, test } from '../support/test.js';

// Issue 29, decision 036: an owner's licensee portal, tried as a licensee would, at a laptop's width
// and a phone's.

const DESKTOP = { width: 1366, height: 900 };
const CODE = /Your code: (\d{6})/;
const SIGN_IN_LINK = /(\/portal\/[^\s#]+#attempt=[^\s&]+&code=\d{6})/;

/** The owner's app on a device: the public REST API with the owner's secret API key. */
async function activate(page: Page, apiKey: string, key: string, fingerprint: string, deviceName: string) {
  const response = await page.request.post(KEY_MANAGER_PATHS.activateKey, {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { key, fingerprint, deviceName, platform: 'windows' },
  });
  return { status: response.status(), body: await response.text() };
}

/** Issues a key to `email` on the Keys tab and returns it (the new key is the list's first row). */
async function issueKey(page: Page, email: string, maxActivations: number): Promise<string> {
  await page.getByRole('tab', { name: 'Keys' }).click();
  const rows = page.locator('tbody tr').filter({ hasText: email });
  await expect(page.getByRole('button', { name: 'Add key' })).toBeEnabled();
  const before = await rows.count();
  await page.getByRole('button', { name: 'Add key' }).click();
  const add = page.getByRole('dialog', { name: 'Add key' });
  await add.getByLabel('Max activations').fill(String(maxActivations));
  await add.getByLabel('Customer email').fill(email);
  await add.getByRole('button', { name: 'Create key' }).click();
  await expect(add).toBeHidden();
  await expect(rows).toHaveCount(before + 1);
  return (await rows.first().locator('.font-monospace').first().innerText()).trim();
}

async function generateApiKey(page: Page): Promise<string> {
  await page.getByRole('tab', { name: 'API', exact: true }).click();
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const apiKey = (await page.getByTestId('new-api-key').innerText()).trim();
  await page.getByRole('button', { name: 'Done' }).click();
  return apiKey;
}

/** The owner switches the portal on under a handle of their own, with support and releases allowed. */
async function switchPortalOn(page: Page, handle: string): Promise<void> {
  await page.getByRole('tab', { name: 'Portal' }).click();
  const form = page.getByRole('form', { name: 'Portal settings' });
  await form.getByLabel('Switch the portal on').check();
  await form.getByLabel('Handle').fill('Not A Handle');
  await form.getByRole('button', { name: 'Save portal settings' }).click();
  // The contract's rule, checked before anything is sent.
  await expect(form.getByText(/^Use 3 to 40 lowercase letters/)).toBeVisible();
  await expect(form.getByLabel('Handle')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Handle').fill(handle);
  await form.getByLabel('Display name').fill('Acme Tools');
  await form.getByLabel('Support email').fill('help@acme.example');
  await form.getByLabel('Release a device').check();
  await form.getByLabel('Releases per licence in 30 days').fill('2');
  await form.getByLabel('Download an offline certificate').check();
  await form.getByRole('button', { name: 'Save portal settings' }).click();
  await expect(page.getByText('Portal settings saved.')).toBeVisible();
  await expect(page.getByTestId('portal-url')).toHaveText(new RegExp(`/portal/${handle}$`));
}

/** A licensee's own browser (nobody signed in to our site), at the test's width. */
async function licenseeBrowser(browser: Browser, viewport: ViewportSize, baseURL: string): Promise<Page> {
  const phone = viewport.width === PHONE.width;
  const context = await browser.newContext({ baseURL, viewport, isMobile: phone, hasTouch: phone });
  return context.newPage();
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a licensee signs in with a mailed code, releases the old laptop and the new one activates; another licensee sees none of it', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const handle = `e2e-${stamp}`;
      const licensee = `licensee-${stamp}@example.com`;
      const other = `other-${stamp}@example.com`;

      // The owner: the free plan, the portal on, two keys to one email (the first with room for two
      // devices, both taken by the app) and one to another customer.
      await signUpWithFreeKeyManagerPlan(page);
      await switchPortalOn(page, handle);
      const laptopKey = await issueKey(page, licensee, 2);
      const secondKey = await issueKey(page, licensee, 1);
      const otherKey = await issueKey(page, other, 1);
      const apiKey = await generateApiKey(page);
      for (const [fingerprint, name] of [
        ['old-laptop', 'Old laptop'],
        ['desk-pc', 'Desk PC'],
      ] as const) {
        const activated = await activate(page, apiKey, laptopKey, `${fingerprint}-${stamp}`, name);
        expect(activated.status, activated.body).toBe(200);
      }
      // The new laptop is refused while both slots are taken.
      const refused = await activate(page, apiKey, laptopKey, `new-laptop-${stamp}`, 'New laptop');
      expect(refused.status, refused.body).toBe(409);

      // The licensee opens the link their app shows, with the email filled in.
      const portal = await licenseeBrowser(browser, viewport, baseURL ?? '');
      await portal.goto(PORTAL_LINKS.withEmail(handle, licensee));
      await expect(portal.getByRole('heading', { level: 1, name: 'Acme Tools' })).toBeVisible();
      await expect(portal.getByRole('link', { name: 'help@acme.example' })).toHaveAttribute(
        'href',
        'mailto:help@acme.example',
      );
      // The owner's page, not our site's: no site bar, no site sign-in.
      await expect(portal.getByRole('link', { name: /Sign In|Sign Up/ })).toHaveCount(0);
      const email = portal.getByLabel('Email address');
      await expect(email).toHaveValue(licensee);
      await portal.getByRole('button', { name: 'Send me a code' }).click();
      const codeField = portal.getByLabel('Code from the mail');
      await expect(codeField).toBeFocused();
      await expect(codeField).toHaveAttribute('inputmode', 'numeric');
      await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(portal.getByRole('status').filter({ hasText: licensee })).toBeVisible();

      // The code, read in the mail as the admin's Mail view shows it; a wrong one first.
      const code = await mailedMatch(page.request, licensee, CODE);
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await codeField.press('Enter');
      await expect(portal.getByText('That code is not right. Check the mail and try again.')).toBeVisible();
      await codeField.fill(code);
      await codeField.press('Enter');
      const licencesHeading = portal.getByRole('heading', { name: 'Your licences' });
      await expect(licencesHeading).toBeFocused();
      await expect(portal.getByText(`Signed in as ${licensee}`)).toBeVisible();

      // Both licences, and the first one's two devices.
      const cards = portal.getByTestId('portal-licence');
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: secondKey })).toBeVisible();
      await expect(cards.filter({ hasText: otherKey })).toHaveCount(0);
      const laptopCard = cards.filter({ hasText: laptopKey });
      await expect(laptopCard.getByTestId('licence-status')).toHaveText('Active');
      await expect(laptopCard).toContainText('2 of 2');
      await expect(laptopCard.getByRole('row', { name: /Old laptop/ })).toBeVisible();
      await expect(laptopCard.getByRole('row', { name: /Desk PC/ })).toBeVisible();
      await expect(laptopCard).toContainText('2 release(s) left in the last 30 days');
      if (viewport.width === PHONE.width) await expectFits(portal, 'licensee portal', 'licensee-portal');

      // Release the old laptop: the dialog names it and the releases left; Cancel is first.
      await laptopCard.getByRole('button', { name: 'Release for Old laptop' }).click();
      const confirm = portal.getByRole('dialog', { name: 'Release a device' });
      await expect(confirm).toContainText('Release Old laptop?');
      await expect(confirm).toContainText('You have 2 release(s) left in 30 days.');
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Release', exact: true }).click();
      await expect(
        portal.getByText('Old laptop was released. Its slot is free for another device.'),
      ).toBeVisible();
      await expect(laptopCard.getByRole('row', { name: /Old laptop/ })).toHaveCount(0);
      await expect(laptopCard).toContainText('1 of 2');
      await expect(laptopCard).toContainText('1 release(s) left in the last 30 days');

      // The app on the new laptop now activates, with nothing done by the developer.
      const moved = await activate(page, apiKey, laptopKey, `new-laptop-${stamp}`, 'New laptop');
      expect(moved.status, moved.body).toBe(200);

      // A second licensee of the same portal signs in through the mailed link: only their licence.
      const second = await licenseeBrowser(browser, viewport, baseURL ?? '');
      await second.goto(PORTAL_LINKS.page(handle));
      await second.getByLabel('Email address').fill(other);
      await second.getByRole('button', { name: 'Send me a code' }).click();
      await expect(second.getByLabel('Code from the mail')).toBeFocused();
      // The mail's link opens in a new tab, as from a mail app.
      const link = await mailedMatch(page.request, other, SIGN_IN_LINK);
      const secondTab = await second.context().newPage();
      await secondTab.goto(link);
      await expect(secondTab.getByRole('heading', { name: 'Your licences' })).toBeVisible();
      // The code is taken off the address bar once used.
      await expect.poll(() => new URL(secondTab.url()).hash).toBe('');
      const secondCards = secondTab.getByTestId('portal-licence');
      await expect(secondCards).toHaveCount(1);
      await expect(secondCards).toContainText(otherKey);
      await expect(secondTab.getByText(laptopKey)).toHaveCount(0);
      await expect(secondTab.getByText('Desk PC')).toHaveCount(0);
      // Nor can they ask for the first licensee's licence by its id.
      const firstList = await portal.request.get(portalPath(PORTAL_PATHS.licences, handle));
      const { licences } = (await firstList.json()) as { licences: { id: string; key: string }[] };
      const laptopId = licences.find((licence) => licence.key === laptopKey)?.id;
      expect(laptopId).toBeTruthy();
      const peek = await secondTab.request.get(portalPath(PORTAL_PATHS.licence, handle, laptopId));
      expect(peek.status()).toBe(404);

      // Signing out ends the session; the sign-in form is back.
      await portal.getByRole('button', { name: 'Sign out' }).click();
      await expect(portal.getByText('You are signed out.')).toBeVisible();
      await expect(portal.getByRole('heading', { name: 'Sign in to see your licences' })).toBeFocused();
      const after = await portal.request.get(portalPath(PORTAL_PATHS.licences, handle));
      expect(after.status()).toBe(401);

      // The owner's list shows both sign-ins, by code and by link.
      await page.getByRole('tab', { name: 'Portal' }).click();
      const signIns = page.getByRole('table', { name: 'Portal sign-ins' });
      await expect(signIns.getByRole('row').filter({ hasText: licensee })).toContainText('Mailed code');
      await expect(signIns.getByRole('row').filter({ hasText: other })).toContainText('Mailed link');
      if (viewport.width === PHONE.width)
        await expectFits(page, 'Key Manager Portal tab', 'key-manager-portal');
    });
  });
}

test('a licence opened by its key from the app’s link shows that licence only', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const handle = `e2e-key-${stamp}`;
  const licensee = `key-${stamp}@example.com`;
  await signUpWithFreeKeyManagerPlan(page);
  await switchPortalOn(page, handle);
  const firstKey = await issueKey(page, licensee, 1);
  const secondKey = await issueKey(page, licensee, 1);

  const portal = await licenseeBrowser(browser, DESKTOP, baseURL ?? '');
  await portal.goto(PORTAL_LINKS.withKey(handle, secondKey));
  // The key never reached the server's logs, and leaves the address bar once read.
  await expect(portal.getByLabel('Licence key')).toHaveValue(secondKey);
  await expect.poll(() => new URL(portal.url()).hash).toBe('');
  // Keyboard only: Tab from the key field to its button, Enter.
  await portal.getByLabel('Licence key').focus();
  await portal.keyboard.press('Tab');
  await expect(portal.getByRole('button', { name: 'Open licence' })).toBeFocused();
  await portal.keyboard.press('Enter');
  await expect(portal.getByRole('heading', { name: 'Your licence' })).toBeFocused();
  await expect(portal.getByText('Signed in with a licence key')).toBeVisible();
  const cards = portal.getByTestId('portal-licence');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(secondKey);
  await expect(cards).toContainText('No device uses this licence yet.');
  await expect(portal.getByText(firstKey)).toHaveCount(0);
  // A key session cannot list the other licences of the same email.
  const list = await portal.request.get(portalPath(PORTAL_PATHS.licences, handle));
  expect(list.status()).toBeGreaterThanOrEqual(400);
});
