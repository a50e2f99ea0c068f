import { KEY_PRODUCT_PATHS, WEBHOOK_PATHS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

const endpoint = {
  id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
  url: 'https://example.com/hook',
  description: null,
  events: ['key.created', 'key.limit_reached'],
  enabled: true,
  secretHint: 'whsec_…abcd',
  product: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const products = {
  status: 'ok',
  nextCursor: null,
  products: [
    { id: 'default-id', code: 'default', name: 'Default product', isDefault: true, createdAt: '2026-01-01' },
    { id: 'studio-id', code: 'studio', name: 'Studio', isDefault: false, createdAt: '2026-01-01' },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

// Modal transitions are slow under a loaded jsdom; the default 5 s is too tight.
describe('WebhookEndpointDialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the form, then sends the address and the chosen events and hands over the secret', async () => {
    const fetch = vi.fn(async (path: string) =>
      json(
        path.startsWith(`${KEY_PRODUCT_PATHS.products}?`)
          ? products
          : { status: 'ok', message: 'Endpoint added', endpoint, secret: 'whsec_new' },
      ),
    );
    const posted = () => fetch.mock.calls.filter(([path]) => path === WEBHOOK_PATHS.endpoints);
    vi.stubGlobal('fetch', fetch);
    const onCreated = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <WebhookEndpointDialog onHide={vi.fn()} onCreated={onCreated} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' })));
    expect(dialog.getByText('Choose at least one event')).toBeTruthy();
    expect(posted()).toEqual([]);

    fireEvent.change(dialog.getByLabelText('Endpoint URL'), {
      target: { value: 'https://example.com/hook' },
    });
    // Only the keys of one product.
    fireEvent.change(await dialog.findByRole('combobox', { name: 'Product' }), {
      target: { value: 'studio' },
    });
    fireEvent.click(dialog.getByLabelText(/^key\.created/));
    fireEvent.click(dialog.getByLabelText(/^key\.limit_reached/));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' })));
    const [, init] = posted()[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      url: 'https://example.com/hook',
      description: '',
      events: ['key.created', 'key.limit_reached'],
      product: 'studio',
    });
    expect(onCreated).toHaveBeenCalledWith('whsec_new');
  });
});
