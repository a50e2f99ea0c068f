import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../app/providers/toast-provider';
import { OrdersPage } from './orders-page';

function project(id: string, name: string) {
  return {
    id,
    orderID: 'order-1',
    name,
    status: 'in progress',
    status_number: 3,
    type: 'Web',
    start_date: null,
    end_date: null,
    frontendProgress: 40,
    backendProgress: 40,
    databaseProgress: 40,
    totalPayment: null,
    recurringPayment: null,
    term: null,
    paymentInformation: null,
    paymentLink: null,
    proposal_link: null,
    design_link: null,
    employees: [],
    activities: [{ id: `${id}-a`, message: `${name} was approved.`, date: '2026-01-02T10:00:00.000Z' }],
  };
}

const ORDERS = {
  status: 'ok',
  data: {
    'order-1': {
      id: 'order-1',
      name: 'Harbour Café',
      createdAt: '2026-01-01T10:00:00.000Z',
      proposal_link: null,
      design_link: null,
      designTemplates: [],
      files: [],
      client: { id: 'c', name: 'Ada', email: 'ada@example.com' },
      projects: [project('p-1', 'Ordering app'), project('p-2', 'Admin site')],
    },
  },
};

function renderAt(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(ORDERS), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <OrdersPage />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('OrdersPage deep link', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the project named in ?project= and moves the focus to it; the others stay closed', async () => {
    renderAt('/orders?order=order-1&project=p-2');
    const focused = await screen.findByRole('article', { name: 'Admin site (Web)' });
    expect(focused.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(focused);
    expect(within(focused).getByRole('button', { name: 'Less Info' })).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Ordering app (Web)' });
    expect(other.getAttribute('aria-current')).toBeNull();
    expect(within(other).getByRole('button', { name: 'More Info' })).toBeTruthy();
  });

  it('without ?project= every card starts closed', async () => {
    renderAt('/orders');
    await screen.findByRole('article', { name: 'Admin site (Web)' });
    expect(screen.getAllByRole('button', { name: 'More Info' })).toHaveLength(2);
  });
});
