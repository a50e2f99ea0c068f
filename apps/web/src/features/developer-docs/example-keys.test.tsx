import { KEY_MANAGER_PATHS, LICENSE_PATHS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeTokens } from '../../lib/session';
import { fakeJwt, nowSeconds } from '../../test/tokens';
import { fillInKeys } from './content/example-keys';
import { OFFLINE_LICENCE_EXAMPLES } from './content/offline-licence-examples';
import { REACT_EXAMPLES } from './content/react-examples';
import { KeyManagerApiDocsPage } from './pages/key-manager-api-docs-page';

const PUBLIC_KEY_A = 'MCowBQYDK2VwAyEAcurrentcurrentcurrentcurrentcurrentcurr=';
const PUBLIC_KEY_B = 'MCowBQYDK2VwAyEApreviouspreviouspreviouspreviousprevio=';
const CREATED = 'km_pub_CreatedForTheDocs0123456789abcdefghijklmnopq';

describe('fillInKeys', () => {
  it('puts the reader’s keys where the examples have placeholders, and leaves prose alone', () => {
    const keys = { publishableKey: CREATED, publicKeys: [PUBLIC_KEY_A, PUBLIC_KEY_B] };
    const react = fillInKeys(REACT_EXAMPLES.activate.code, keys);
    expect(react).toContain(`const PUBLISHABLE_KEY = '${CREATED}';`);
    expect(react).toContain('with a publishable key (km_pub_…)'); // the comment, unchanged
    const typescript = fillInKeys(OFFLINE_LICENCE_EXAMPLES.typescript.code, keys);
    expect(typescript).toContain(`PUBLIC_KEYS: readonly string[] = ['${PUBLIC_KEY_A}', '${PUBLIC_KEY_B}'];`);
    const java = fillInKeys(OFFLINE_LICENCE_EXAMPLES.java.code, keys);
    expect(java).toContain(`List.of("${PUBLIC_KEY_A}", "${PUBLIC_KEY_B}")`);
    expect(fillInKeys('Authorization: Bearer km_pub_…', keys)).toBe(`Authorization: Bearer ${CREATED}`);
  });

  it('shows placeholders, not a real-looking sample key, to a reader who is not signed in', () => {
    const none = { publishableKey: null, publicKeys: null };
    expect(fillInKeys(OFFLINE_LICENCE_EXAMPLES.typescript.code, none)).toContain("['YOUR_PUBLIC_KEY']");
    expect(fillInKeys(OFFLINE_LICENCE_EXAMPLES.java.code, none)).toContain('List.of("YOUR_PUBLIC_KEY")');
    for (const code of [OFFLINE_LICENCE_EXAMPLES.typescript.code, OFFLINE_LICENCE_EXAMPLES.java.code]) {
      expect(code).not.toMatch(/MCowBQYDK2VwAyEA[A-Za-z0-9+/]{20,}/);
    }
  });
});

describe('the REST docs for a signed-in developer', () => {
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

  function stubServer() {
    const fetch = vi.fn(async (path: string) => {
      if (path === KEY_MANAGER_PATHS.data) return json(keyManagerData);
      if (path === KEY_MANAGER_PATHS.getApiKeys) return json(apiKeys);
      if (path === LICENSE_PATHS.signingKeys) return json(signingKeys);
      if (path === KEY_MANAGER_PATHS.generateApiKey) {
        return json({
          status: 'ok',
          message: 'API key created',
          id: apiKeys.keysInformation[0]?.id,
          key: CREATED,
          type: 'publishable',
        });
      }
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  function renderDocs(url: string) {
    storeTokens({ access: fakeJwt({ sub: 'u1', user_type: 'c', exp: nowSeconds() + 600 }), refresh: 'r' });
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <KeyManagerApiDocsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('fills in the account’s public keys, and a publishable key created for the examples', async () => {
    const fetch = stubServer();
    renderDocs('/built-apis/doc/key-manager?tab=offline');
    const typescript = screen.getByRole('region', { name: OFFLINE_LICENCE_EXAMPLES.typescript.label });
    await within(typescript).findByText(new RegExp(PUBLIC_KEY_A.replace(/[+=/]/g, '.')));
    expect(typescript.textContent).toContain(`['${PUBLIC_KEY_A}', '${PUBLIC_KEY_B}']`);
    expect(typescript.textContent).not.toContain('YOUR_PUBLIC_KEY');

    // Stored API keys are hashed: the panel names the masked one and offers to create one for the examples.
    const panel = screen.getByRole('alert', { name: 'Keys in the examples' });
    expect(panel.textContent).toContain('km_pub_AbCd…wxyz');
    const request = screen.getByRole('region', { name: /activate the device, then check out/ });
    expect(request.textContent).toContain('Bearer km_pub_…');
    await act(async () =>
      fireEvent.click(
        within(panel).getByRole('button', { name: 'Create a publishable key for the examples' }),
      ),
    );
    const generate = fetch.mock.calls.find(
      ([path]) => path === KEY_MANAGER_PATHS.generateApiKey,
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(generate[1].body))).toEqual({
      name: 'Documentation examples',
      type: 'publishable',
    });
    await within(request).findByText(new RegExp(`Bearer ${CREATED}`));
    expect(request.textContent).not.toContain('km_pub_…');
  });
});

const keyManagerData = {
  status: 'ok',
  planActivated: true,
  planInfo: { planName: 'Free', maxKeysAllowed: 0 },
  product: { id: 1, name: 'Key Manager' },
  callsPerMinute: 60,
  usage: { keys: 0, activeKeys: 0, activations: 0, apiKeys: 1, requestsMade: 0 },
};
const apiKeys = {
  status: 'ok',
  callsPerMinute: 60,
  nextCursor: null,
  keysInformation: [
    {
      id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
      key: 'km_pub_AbCd…wxyz',
      name: null,
      type: 'publishable',
      last_used: null,
      remaining_requests: 60,
      requests_made: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      simulation: null,
      product_id: null,
    },
  ],
};
function signingKey(id: string, state: 'current' | 'previous', publicKeyBase64: string) {
  return {
    id,
    algorithm: 'Ed25519',
    state,
    publicKeyPem: `-----BEGIN PUBLIC KEY-----\n${publicKeyBase64}\n-----END PUBLIC KEY-----`,
    publicKeyBase64,
    createdAt: '2026-01-01T00:00:00.000Z',
    rotatedAt: state === 'current' ? null : '2026-01-02T00:00:00.000Z',
  };
}
const signingKeys = {
  status: 'ok',
  signingKeys: [
    signingKey('aZGxPuOmW5Oup57t', 'current', PUBLIC_KEY_A),
    signingKey('bZGxPuOmW5Oup57t', 'previous', PUBLIC_KEY_B),
  ],
};
