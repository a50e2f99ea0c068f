import { readFileSync } from 'node:fs';
import path from 'node:path';
import { callKeyManagerApi, signUpWithFreeKeyManagerPlan } from '../support/key-manager.js';
import { DATABASE_INDEPENDENT } from '../support/tags.js';
import { expect, test } from '../support/test.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const javaSource = readFileSync(
  path.join(repoRoot, 'sdks/java/src/main/java/dev/northwind/keymanager/KeyManager.java'),
  'utf8',
);
const version = /VERSION = "([^"]+)"/.exec(javaSource)?.[1];

test(
  'the nav bar reaches the APIs page, which leads to the Key Manager REST docs',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'APIs', exact: true }).first().click();
    await expect(page).toHaveURL(/\/built-apis$/);
    await expect(page.getByRole('heading', { level: 1, name: 'APIs' })).toBeVisible();
    await page.getByRole('link', { name: 'All API documentation' }).click();
    await expect(page).toHaveURL(/\/built-apis\/doc$/);
    await page
      .getByRole('link', { name: /Key Manager/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/built-apis\/doc\/key-manager$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Key Manager REST API' })).toBeVisible();
  },
);

test(
  'REST docs: Authentication tab, then every Keys sub-page with endpoint, fields and both examples',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/built-apis/doc/key-manager');
    await expect(page.getByRole('tab', { name: 'Authentication' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Authorization: Bearer <API key>').first()).toBeVisible();

    await page.getByRole('tab', { name: 'Keys' }).click();
    await expect(page).toHaveURL(/tab=keys/);
    const pages = [
      ['Get key information', 'get-key-information', 'GetKeyInformation.java'],
      ['Delete key', 'delete-key', 'DeleteKey.java'],
      ['Update activation count', 'activate-key', 'ActivateKey.java'],
      ['Deactivate key', 'deactivate-key', 'DeactivateKey.java'],
      ['Mark key as usable', 'mark-key-as-active', 'EnableKey.java'],
    ] as const;
    const menu = page.getByRole('navigation', { name: 'Keys operations' });
    for (const [title, pathEnd, javaFile] of pages) {
      await menu.getByRole('link', { name: title }).click();
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(article.getByTestId('endpoint')).toHaveText(
        `POST/api/v1/saas-platform/key-manager/${pathEnd}`,
      );
      await expect(article.getByRole('table').first()).toContainText('key');
      // ReactJS example first, then Java; both are the real files.
      await expect(article.getByRole('region', { name: /^ReactJS: / })).toContainText(pathEnd);
      await article.getByRole('tab', { name: 'Java' }).click();
      await expect(article.getByRole('region', { name: `Java: ${javaFile}` })).toContainText(
        'new KeyManager(',
      );
    }
    // The spec's page names stay, with the plain name beside them, so "Activate key" finds its page.
    await expect(menu.getByRole('link', { name: 'Update activation count (Activate key)' })).toBeVisible();
    await expect(
      menu.getByRole('link', { name: 'Mark key as usable (Enable or disable key)' }),
    ).toBeVisible();
    // The deactivate page shows the deactivate path (the spec's docs pointed at the activate path).
    await menu.getByRole('link', { name: 'Deactivate key' }).click();
    await expect(page.getByTestId('endpoint')).not.toContainText('/activate-key');
    await expect(page.getByTestId('endpoint')).toContainText('/deactivate-key');
    // A sub-page survives a reload: it lives in the URL.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Deactivate key' })).toBeVisible();
  },
);

test(
  'REST docs: the licensing pages, each with who may call it, curl, ReactJS and Java; validate-key explains signed replies',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/built-apis/doc/key-manager');
    await page.getByRole('tab', { name: 'Keys' }).click();
    const menu = page.getByRole('navigation', { name: 'Keys operations' });
    const pages = [
      ['Validate key', 'validate-key', 'ValidateKey.java', 'or a publishable key'],
      ['Start a trial', 'start-trial', 'StartTrial.java', 'or a publishable key'],
      ['Convert a trial', 'convert-trial', 'ManageLicence.java', 'only'],
      ['Renew key', 'renew-key', 'ManageLicence.java', 'only'],
      ['Suspend or reinstate key', 'suspend-key', 'ManageLicence.java', 'only'],
    ] as const;
    for (const [title, pathEnd, javaFile, keyTypes] of pages) {
      await menu.getByRole('link', { name: title }).click();
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(article.getByTestId('endpoint')).toHaveText(
        `POST/api/v1/saas-platform/key-manager/${pathEnd}`,
      );
      await expect(article.getByText(`API key: a secret key (km_live_…) ${keyTypes}`)).toBeVisible();
      await expect(article.getByRole('region', { name: `ReactJS: ${pathEnd}.tsx` })).toContainText(pathEnd);
      const examples = article.getByRole('tablist').first();
      await examples.getByRole('tab', { name: 'Java' }).click();
      await expect(article.getByRole('region', { name: `Java: ${javaFile}` })).toContainText(
        'new KeyManager(',
      );
      await examples.getByRole('tab', { name: 'curl' }).click();
      await expect(article.getByRole('region', { name: `curl: ${pathEnd}` })).toContainText(
        `/api/v1/saas-platform/key-manager/${pathEnd}`,
      );
    }

    await menu.getByRole('link', { name: 'Validate key' }).click();
    await expect(page.getByRole('table', { name: /^Answers/ })).toContainText('TRIAL_EXPIRED');
    const signed = page.getByRole('region', { name: 'Signed replies' });
    await expect(signed.getByTestId('signed-reply-message')).toHaveText(
      'km-reply-v1\n<x-km-signed-at>\n<the nonce you sent>\n<the path you called>\n<the body as received>',
    );
    await expect(signed.getByRole('region', { name: 'TypeScript: signed-licence-check.ts' })).toContainText(
      'x-km-nonce',
    );
    await signed.getByRole('tab', { name: 'curl' }).click();
    await expect(signed.getByRole('region', { name: /^curl \+ OpenSSL/ })).toContainText(
      'openssl pkeyutl -verify',
    );
  },
);

test(
  'the code box is 300 px high and its copy button says Copied! for about a second',
  DATABASE_INDEPENDENT,
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Reached as a reader does, through the tabs once the page is React's (a deep link, ?tab=…, has
    // its own test below).
    await page.goto('/built-apis/doc/key-manager');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const heading = document.querySelector('main h1');
          return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactProps'));
        }),
      )
      .toBe(true);
    await page.getByRole('tab', { name: 'Keys' }).click();
    await page.getByRole('link', { name: 'Get key information' }).click();
    const box = page.getByRole('region', { name: /^ReactJS: / });
    await expect.poll(async () => (await box.boundingBox())?.height).toBe(300);
    const copy = page.getByRole('button', { name: /^Copy ReactJS: / });
    await copy.click();
    await expect(copy).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('get-key-information');
    await expect(copy).toHaveText('Copy', { timeout: 5000 });
  },
);

test(
  'opened by a deep link, the operation code box copies at the first click',
  DATABASE_INDEPENDENT,
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/built-apis/doc/key-manager?tab=keys&op=get-key-information');
    // Clicked at once, as a reader would: the page's HTML is rendered for the bare path, so a ReactJS
    // example on show before React has applied the link's tab would be the Authentication tab's.
    await expect(page.getByRole('heading', { level: 1, name: 'Key Manager REST API' })).toBeVisible();
    const copy = page.getByRole('button', { name: /^Copy ReactJS: / });
    await copy.click();
    await expect(copy).toHaveText('Copied!');
    await expect(copy).toHaveAccessibleName('Copy ReactJS: get-key-information.tsx');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      '/api/v1/saas-platform/key-manager/get-key-information',
    );
  },
);

test(
  'Dev Resources: the Key Manager card downloads the jar and opens the library docs',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Dev Resources' }).first().click();
    await expect(page).toHaveURL(/\/developer-resources\/libraries$/);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Key Manager' }) });

    const downloadLink = card.getByRole('link', {
      name: new RegExp(`Download key-manager-${version}\\.jar`),
    });
    await expect(downloadLink).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe(`key-manager-${version}.jar`);
    const file = readFileSync((await download.path()) as string);
    expect(file.subarray(0, 2).toString()).toBe('PK');

    await card.getByRole('link', { name: 'Documentation' }).click();
    await expect(page).toHaveURL(/\/developer-resources\/libraries\/key-manager-lib-documentation$/);
  },
);

test(
  'library docs: side menu navigates, Delete Key has no entry, button to REST docs, organisation JSON-LD',
  DATABASE_INDEPENDENT,
  async ({ page }) => {
    await page.goto('/developer-resources/libraries/key-manager-lib-documentation');
    const menu = page.getByRole('navigation', { name: 'Library documentation' });
    const entries = [
      'Introduction',
      'Getting Started',
      'Retrieve Digital Key Information',
      'Activate Key',
      'Deactivate Key',
      'Enable Key',
      'Disable Key',
      'Devices, Heartbeats and Transfers',
      'Validate Key',
      'Trials',
      'Convert, Renew and Suspend',
      'Offline Licences',
      'Signed Replies',
      'Webhooks',
    ];
    await expect(menu.getByRole('link')).toHaveText([...entries, 'REST API documentation']);
    await expect(page.getByRole('heading', { level: 2, name: 'Delete Key' })).toBeAttached();

    await menu.getByRole('link', { name: 'Disable Key' }).click();
    await expect(page).toHaveURL(/#disable-key$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Disable Key' })).toBeInViewport();
    await expect(page.getByRole('region', { name: 'Java: DisableKey.java' })).toContainText(
      'setUsable(args[0], false)',
    );

    // Served in the page's HTML by the server (one mechanism for every page).
    const block = page.locator('script[type="application/ld+json"]');
    const jsonLd = JSON.parse((await block.textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'Organization', foundingDate: '2024' });

    await menu.getByRole('link', { name: 'REST API documentation' }).click();
    await expect(page).toHaveURL(/\/built-apis\/doc\/key-manager$/);
  },
);

test('the footer lists the developer pages', DATABASE_INDEPENDENT, async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Libraries' }).click();
  await expect(page).toHaveURL(/\/developer-resources\/libraries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Libraries' })).toBeVisible();
});

test('signed in, the examples show the developer’s own public key and a publishable key that works as pasted', async ({
  page,
}) => {
  await page.goto('/built-apis/doc/key-manager?tab=offline');
  const panel = page.getByRole('alert', { name: 'Keys in the examples' });
  await expect(panel).toContainText('Sign in');
  const typescript = page.getByRole('region', { name: 'TypeScript: offline-licence.ts' });
  await expect(typescript).toContainText("['YOUR_PUBLIC_KEY']");

  await signUpWithFreeKeyManagerPlan(page);
  await page.goto('/built-apis/doc/key-manager?tab=offline');
  // The account's public key, as the Offline licences tab lists it.
  await expect(typescript).toContainText(/PUBLIC_KEYS: readonly string\[\] = \['MCowBQYDK2VwAyEA[^']+'\]/);
  await expect(typescript).not.toContainText('YOUR_PUBLIC_KEY');

  // Stored API keys are hashed: the docs create a publishable key for the examples and fill it in.
  await panel.getByRole('button', { name: 'Create a publishable key for the examples' }).click();
  const request = page.getByRole('region', { name: /activate the device, then check out/ });
  await expect(request).toContainText(/Bearer km_pub_[A-Za-z0-9_-]{20,}/);
  await page.getByRole('tab', { name: 'Keys' }).click();
  await page
    .getByRole('navigation', { name: 'Keys operations' })
    .getByRole('link', { name: /Activate key/ })
    .click();
  const react = page.getByRole('region', { name: 'ReactJS: activate-key.tsx' });
  const pasted = /const PUBLISHABLE_KEY = '(km_pub_[^']+)'/.exec((await react.textContent()) ?? '')?.[1];
  expect(pasted).toBeDefined();
  // The key as pasted is accepted: an unknown licence key is a 404, not a 401 for the API key.
  const reply = await callKeyManagerApi(
    pasted ?? '',
    '/api/v1/saas-platform/key-manager/get-key-information',
    {
      key: 'NO-SUCH-KEY',
    },
  );
  expect(reply).toEqual({
    status: 404,
    body: { status: 'failed', code: 'key_not_found', message: 'Invalid Key Provided' },
  });
});
