import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_SECTIONS } from './components/library-sections';
import { JAVA_EXAMPLES } from './content/java-examples';
import { JAR_FILE } from './content/library';
import { CHECKOUT_REQUEST_EXAMPLE, OFFLINE_LICENCE_EXAMPLES } from './content/offline-licence-examples';
import { OPERATIONS } from './content/operations';
import { WEBHOOK_EXAMPLES } from './content/webhook-examples';
import { UsableSwitch } from './examples/mark-key-as-usable';
import { LibraryDocsPage } from './pages/library-docs-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('examples run as pasted', () => {
  it('the ReactJS UsableSwitch starts from the key’s real state', async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            status: 'ok',
            id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
            key: 'LIC-1',
            maxActivations: 3,
            currentActivations: 0,
            isActive: false,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    render(<UsableSwitch apiKey="km_live_x" licenceKey="LIC-1" />);
    const checkbox = screen.getByRole('checkbox', { name: 'Licence usable' }) as HTMLInputElement;
    await waitFor(() => expect(checkbox.disabled).toBe(false));
    expect(checkbox.checked).toBe(false);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/get-key-information');
  });

  it('every Java command line names the jar as the download saves it', () => {
    const commandLines = [
      ...Object.values(JAVA_EXAMPLES).map((example) => example.code),
      OFFLINE_LICENCE_EXAMPLES.java.code,
      WEBHOOK_EXAMPLES.java.code,
    ].flatMap((code) => [...code.matchAll(/java(?:c)? -cp (\S+?\.jar)/g)].map((match) => match[1]));
    expect(commandLines.length).toBeGreaterThan(0);
    expect(new Set(commandLines)).toEqual(new Set([JAR_FILE]));

    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LibraryDocsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const onPage = [...document.body.textContent!.matchAll(/java(?:c)? -cp (\S+?\.jar)/g)].map(
      (match) => match[1],
    );
    expect(onPage.length).toBeGreaterThan(0);
    expect(new Set(onPage)).toEqual(new Set([JAR_FILE]));
  });

  it('the checkout example activates the device before checking out its licence', () => {
    const activate = CHECKOUT_REQUEST_EXAMPLE.indexOf('POST /api/v1/saas-platform/key-manager/activate-key');
    const checkout = CHECKOUT_REQUEST_EXAMPLE.indexOf(
      'POST /api/v1/saas-platform/key-manager/checkout-license',
    );
    expect(activate).toBeGreaterThanOrEqual(0);
    expect(checkout).toBeGreaterThan(activate);
  });

  it('DeactivateKey.java frees this device by its fingerprint, the form a publishable key may use', () => {
    expect(JAVA_EXAMPLES.deactivate.code).toContain('keyManager.deactivate(licenceKey, args[1])');
  });
});

describe('the Java library page', () => {
  it('has offline-licence and webhook sections with the real Java files', () => {
    const offline = LIBRARY_SECTIONS.find((section) => section.id === 'offline-licences');
    const webhooks = LIBRARY_SECTIONS.find((section) => section.id === 'webhooks');
    expect(offline?.inMenu).toBe(true);
    expect(offline?.example).toBe(OFFLINE_LICENCE_EXAMPLES.java);
    expect(webhooks?.inMenu).toBe(true);
    expect(webhooks?.example).toBe(WEBHOOK_EXAMPLES.java);
  });

  it('says a lapsed lease’s slot is free as soon as the lease expires', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LibraryDocsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(document.getElementById('devices-and-heartbeats')?.textContent).toContain(
      'A lapsed lease’s slot is free as soon as the lease expires',
    );
    expect(OPERATIONS.find((op) => op.id === 'heartbeat')?.description).toContain(
      'the slot is free as soon as the lease expires, and the next activation of the key reclaims it',
    );
  });
});
