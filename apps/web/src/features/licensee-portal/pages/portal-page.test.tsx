import type { PortalFace, PortalLicence } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { PortalPage } from './portal-page';

const ATTEMPT = '0b6b5d1e-3a43-4a52-9a1e-7d2f4c4c1a10';
const face: PortalFace = {
  status: 'ok',
  handle: 'acme',
  displayName: 'Acme Tools',
  logoUrl: '/api/v1/portal/acme/logo',
  supportEmail: 'help@acme.test',
  supportUrl: null,
  allowRelease: true,
  allowCertificates: false,
  csrfToken: 'face-token',
};
const licence: PortalLicence = {
  id: 'key-1',
  key: 'AAAA-BBBB',
  product: { code: 'studio', name: 'Photo Studio' },
  keyStatus: 'expired',
  expiresAt: '2026-01-31T00:00:00.000Z',
  entitlements: { seats: 5 },
  maxActivations: 2,
  activations: 1,
  releasesLeft: 0,
  nextReleaseAt: '2026-02-20T00:00:00.000Z',
  renewUrl: 'https://acme.test/renew',
};
const session = {
  kind: 'email',
  email: 'ann@example.com',
  keyId: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  csrfToken: 'session-token',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The portal's API as the page sees it; each call's method, path and CSRF header are recorded. */
function portalServer() {
  const calls: { method: string; path: string; csrf: string | null }[] = [];
  let signedIn = false;
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, csrf: new Headers(init.headers).get('X-Portal-CSRF') });
    const route = `${method} ${path}`;
    if (route === 'GET /api/v1/portal/acme') return json(200, face);
    if (route === 'GET /api/v1/portal/acme/session') {
      return signedIn
        ? json(200, { status: 'ok', session })
        : json(401, {
            status: 'failed',
            code: 'portal_session_ended',
            message: 'Your portal session has ended.',
          });
    }
    if (route === 'POST /api/v1/portal/acme/sign-in/code') {
      return json(200, { status: 'ok', message: 'sent', attemptId: ATTEMPT });
    }
    if (route === 'POST /api/v1/portal/acme/sign-in/verify') {
      signedIn = true;
      return json(200, { status: 'ok', session });
    }
    if (route === 'GET /api/v1/portal/acme/licences') {
      return json(200, { status: 'ok', licences: [licence], nextCursor: null });
    }
    if (route === 'GET /api/v1/portal/acme/licences/key-1') {
      return json(200, {
        status: 'ok',
        licence,
        devices: [
          {
            id: 'dev-1',
            name: null,
            platform: 'linux',
            firstSeenAt: '2026-01-01T00:00:00.000Z',
            lastSeenAt: '2026-01-02T00:00:00.000Z',
          },
        ],
      });
    }
    if (route === 'DELETE /api/v1/portal/acme/session') {
      signedIn = false;
      return json(200, { status: 'ok', message: 'You are signed out.' });
    }
    return json(404, { status: 'failed', code: 'not_found', message: `no ${route}` });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function renderPortal() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const show = vi.fn();
  const router = createMemoryRouter([{ path: '/portal/:handle', Component: PortalPage }], {
    initialEntries: ['/portal/acme'],
  });
  render(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ show }}>
        <RouterProvider router={router} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  return { show };
}

describe('PortalPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("signs in with the face's CSRF token, then proves every write with the session's", async () => {
    const calls = portalServer();
    const { show } = renderPortal();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Tools' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Acme Tools logo' }).getAttribute('src')).toBe(face.logoUrl);
    expect(screen.getByRole('link', { name: 'help@acme.test' })).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByLabelText('Code from the mail');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits from the mail.')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const heading = await screen.findByRole('heading', { name: 'Your licences' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const card = await screen.findByRole('article', { name: 'Photo Studio' });
    expect(within(card).getByText('Expired')).toBeTruthy();
    expect(within(card).getByText('This licence has expired.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Renew this licence' }).getAttribute('href')).toBe(
      licence.renewUrl,
    );
    expect(within(card).getByText('seats: 5')).toBeTruthy();
    expect(within(card).getByText('1 of 2')).toBeTruthy();
    // No release left: the button says so and waits; certificates are off, so there is no button.
    const release = await within(card).findByRole('button', { name: 'Release for Unnamed device' });
    expect(release.hasAttribute('disabled')).toBe(true);
    expect(within(card).getByText(/^No release left; the next one is possible on/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Offline certificate/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to see your licences' })).toBeTruthy();
    await waitFor(() => expect(show).toHaveBeenCalledWith({ message: 'You are signed out.' }));

    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes).toEqual([
      { method: 'POST', path: '/api/v1/portal/acme/sign-in/code', csrf: 'face-token' },
      { method: 'POST', path: '/api/v1/portal/acme/sign-in/verify', csrf: 'face-token' },
      { method: 'DELETE', path: '/api/v1/portal/acme/session', csrf: 'session-token' },
    ]);
    expect(calls.filter((call) => call.method === 'GET').every((call) => call.csrf === null)).toBe(true);
  });

  it('answers an unknown portal with the strings file’s sentence', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(404, {
          status: 'failed',
          code: 'not_found',
          message: 'There is no licence portal at this address.',
        }),
      ),
    );
    renderPortal();
    expect(
      await screen.findByRole('heading', { name: 'There is no licence portal at this address.' }),
    ).toBeTruthy();
  });
});
