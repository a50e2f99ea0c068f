import { type DashboardKey, type GetKeysRequest, KEY_MANAGER_PATHS, KEY_PRODUCT_PATHS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { KeysTab } from './keys-tab';

const licence = (key: string): DashboardKey => ({
  id: `id-${key}`,
  key,
  is_active: true,
  max_activations: 3,
  current_activations: 0,
  name: null,
  note: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  product_id: 'product-default',
  policy_id: null,
  status: 'active',
  expires_at: null,
  suspended: false,
  trial: false,
  customer_name: null,
  customer_email: null,
  customer_ref: null,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The product filter's options: the default product only. */
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
  ],
  nextCursor: null,
};

/** Two pages of all keys (the second behind cursor c2), and one page of disabled keys. */
function page(body: GetKeysRequest) {
  if (body.is_active === false) return { keys: [licence('DISABLED-KEY')], nextCursor: null };
  if (body.cursor === 'c2') return { keys: [licence('OLDER-KEY')], nextCursor: null };
  return { keys: [licence('NEWEST-KEY')], nextCursor: 'c2' };
}

describe('KeysTab paging', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('walks Older and Newer by cursor, and a new filter starts again from the first page', async () => {
    const asked: GetKeysRequest[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        if (path.startsWith(`${KEY_PRODUCT_PATHS.products}?`)) return json(products);
        expect(path).toBe(KEY_MANAGER_PATHS.getKeys);
        const body = JSON.parse(String(init.body)) as GetKeysRequest;
        asked.push(body);
        return json({ status: 'ok', ...page(body) });
      }),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <ToastProvider>
            <KeysTab maxKeysAllowed={0} total={2} />
          </ToastProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('key-row-NEWEST-KEY')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByTestId('key-row-OLDER-KEY')).toBeTruthy();
    expect(await screen.findByText('Page 2')).toBeTruthy();
    expect(asked.at(-1)?.cursor).toBe('c2');
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByTestId('key-row-NEWEST-KEY')).toBeTruthy();
    expect(await screen.findByText('Page 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByTestId('key-row-OLDER-KEY')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'disabled' } });
    expect(await screen.findByTestId('key-row-DISABLED-KEY')).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({ is_active: false });
    expect(asked.at(-1)?.cursor).toBeUndefined();
    // One page of disabled keys: no pager.
    expect(screen.queryByRole('navigation', { name: 'Key pages' })).toBeNull();
  });
});
