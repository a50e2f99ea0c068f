import {
  KEY_MANAGER_PATHS,
  KEY_PRODUCT_PATHS,
  type ListDevicesRequest,
  OWNER_DEVICES_PATHS,
  type OwnerDevice,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { DevicesTab } from './devices-tab';

const device = (name: string, overrides: Partial<OwnerDevice> = {}): OwnerDevice => ({
  id: `device-${name}`,
  maskedFingerprint: 'fing…0001',
  name,
  platform: 'windows',
  firstSeenAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-28T10:00:00.000Z',
  leaseExpiresAt: null,
  status: 'active',
  keyId: `key-of-${name}`,
  maskedKey: 'ABCD…WXYZ',
  keyName: 'Studio seat',
  productId: 'product-app',
  productCode: 'app',
  productName: 'App',
  ...overrides,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const products = {
  status: 'ok',
  products: [
    {
      id: 'product-default',
      code: 'default',
      name: 'Default product',
      isDefault: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    { id: 'product-app', code: 'app', name: 'App', isDefault: false, createdAt: '2026-01-01T00:00:00.000Z' },
  ],
  nextCursor: null,
};

function renderTab() {
  // No retries: a failure shows at once (the app's client retries; the test needs no backoff).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <DevicesTab />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('DevicesTab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists devices with masked key (a link to its page) and fingerprint, and sends each filter to the server', async () => {
    const asked: ListDevicesRequest[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        if (path.startsWith(`${KEY_PRODUCT_PATHS.products}?`)) return json(products);
        expect(path).toBe(OWNER_DEVICES_PATHS.listDevices);
        const body = JSON.parse(String(init.body)) as ListDevicesRequest;
        asked.push(body);
        const devices =
          body.status === 'lapsed' ? [device('Old phone', { status: 'lapsed' })] : [device('Laptop')];
        return json({ status: 'ok', devices, nextCursor: null });
      }),
    );
    renderTab();
    const row = await screen.findByTestId('owner-device-device-Laptop');
    expect(within(row).getByText('fing…0001')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'ABCD…WXYZ' }).getAttribute('href')).toBe(
      '/store/key-manager/keys/key-of-Laptop',
    );
    expect(within(row).getByText('App')).toBeTruthy();
    expect(asked[0]).toEqual({ limit: 50 });

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Product' })).toHaveProperty('disabled', false),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: 'product-app' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'lapsed' } });
    const lapsed = await screen.findByTestId('owner-device-device-Old phone');
    expect(within(lapsed).getByText('Lease lapsed')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ limit: 50, productId: 'product-app', status: 'lapsed' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search devices by key' }), {
      target: { value: 'AB' },
    });
    expect(await screen.findByText('Type at least 3 characters to search')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search devices by key' }), {
      target: { value: 'ABCD' },
    });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'ABCD' }));
  });

  it('releases a device after the same confirmation as a key’s Devices dialog', async () => {
    const released: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        if (path.startsWith(`${KEY_PRODUCT_PATHS.products}?`)) return json(products);
        if (path === KEY_MANAGER_PATHS.releaseDevice) {
          released.push(JSON.parse(String(init.body)));
          return json({ status: 'ok', message: 'Device released' });
        }
        return json({ status: 'ok', devices: released.length ? [] : [device('Laptop')], nextCursor: null });
      }),
    );
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: /^Release\s*Laptop$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Release device' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release device' }));
    expect(await screen.findByText('Device released')).toBeTruthy();
    expect(released).toEqual([{ keyId: 'key-of-Laptop', deviceId: 'device-Laptop' }]);
    expect(
      await screen.findByText('No devices yet. An activation that sends a fingerprint appears here.'),
    ).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (path.startsWith(`${KEY_PRODUCT_PATHS.products}?`)) return json(products);
        return new Response(
          JSON.stringify({
            status: 'failed',
            code: 'internal_error',
            message: 'Something went wrong on our side',
          }),
          {
            status: 500,
            headers: { 'content-type': 'application/json' },
          },
        );
      }),
    );
    renderTab();
    expect(await screen.findByText(/Something went wrong on our side/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });
});
