import type { Receipt } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { PaymentHistoryTab } from './payment-history-tab';

const receipt: Receipt = {
  id: 41,
  order_id: '3f2a9c1b-6d4e-4c1a-9b2f-7e8d9c0a1b2c',
  date: '2026-02-05T10:00:00.000Z',
  method: 'Card (sandbox) •••• 4242',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  address: '',
  city: '',
  country: '',
  items: ['Key Manager — Pro (monthly)', 'Unlimited keys'],
  duration: '1 month',
  amount: 2900,
  currency: 'usd',
  status: 'paid',
  status_message: 'Payment received',
  number: 1001,
  refunded_amount: 0,
};

// Modal transitions under a loaded jsdom are slow; the default 5 s is too tight.
describe('PaymentHistoryTab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names a receipt's order by what was bought and a short reference, not its UUID", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 'ok', receipts: [receipt], nextCursor: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastContext.Provider value={{ show: vi.fn() }}>
            <PaymentHistoryTab />
          </ToastContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /View receipt/ })));
    const dialog = within(await screen.findByRole('dialog'));
    const order = dialog.getByRole('rowheader', { name: 'Order' }).nextElementSibling;
    expect(order?.textContent).toBe('Key Manager — Pro (monthly) · ref. 3F2A9C1B');
    expect(dialog.queryByText(receipt.order_id)).toBeNull();
    expect(dialog.getByRole('rowheader', { name: 'Amount' }).nextElementSibling?.textContent).toBe('$29.00');
  });
});
