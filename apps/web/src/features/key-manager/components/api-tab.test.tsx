import { KEY_MANAGER_PATHS, KEY_PRODUCT_PATHS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { ApiTab } from './api-tab';

const listed = {
  status: 'ok',
  callsPerMinute: 60,
  nextCursor: null,
  keysInformation: [
    {
      id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
      key: 'km_pub_AbCd…wxyz',
      name: 'Web shop',
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
const created = {
  status: 'ok',
  message: 'API key created',
  id: listed.keysInformation[0]?.id,
  key: 'km_pub_full',
  type: 'publishable',
};

/** The product choice's options: the default product only. */
const products = {
  status: 'ok',
  nextCursor: null,
  products: [
    { id: 'default-id', code: 'default', name: 'Default product', isDefault: true, createdAt: '2026-01-01' },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('ApiTab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the key type and generates the chosen type', async () => {
    const fetch = vi.fn(async (path: string) => {
      if (path.startsWith(`${KEY_PRODUCT_PATHS.products}?`)) return json(products);
      return json(path === KEY_MANAGER_PATHS.generateApiKey ? created : listed);
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ApiTab />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('km_pub_AbCd…wxyz', { selector: '.font-monospace' })).closest('tr');
    expect(within(row as HTMLElement).getByText('Publishable')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'publishable' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate API key' })));
    const generate = fetch.mock.calls.find(
      ([path]) => path === KEY_MANAGER_PATHS.generateApiKey,
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(generate[1].body))).toEqual({ type: 'publishable' });
    expect(await screen.findByText('km_pub_full')).toBeTruthy();
    expect(screen.getByText('Your new publishable API key')).toBeTruthy();
  });

  it('shows a rolled key’s replacement and stop time, and offers Roll only on keys not rolled', async () => {
    const stopsAt = new Date(Date.now() + 90 * 60_000).toISOString();
    const base = listed.keysInformation[0];
    const rolledList = {
      ...listed,
      keysInformation: [
        {
          ...base,
          id: 'old-id',
          key: 'km_live_Old…aaaa',
          name: null,
          type: 'secret',
          expires_at: stopsAt,
          replaced_by: 'new-id',
        },
        {
          ...base,
          id: 'new-id',
          key: 'km_live_New…bbbb',
          name: null,
          type: 'secret',
          expires_at: null,
          replaced_by: null,
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        json(path.startsWith(`${KEY_PRODUCT_PATHS.products}?`) ? products : rolledList),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ApiTab />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const note = await screen.findByTestId('api-key-rolled-note');
    expect(note.textContent).toMatch(
      /^Replaced by km_live_New…bbbb; stops working .* \(in 1 h (29|30) min\)$/,
    );
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).not.toContain('Roll km_live_Old…aaaa');
    expect(buttons).toContain('Roll km_live_New…bbbb');
  });
});
