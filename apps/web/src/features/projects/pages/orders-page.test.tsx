import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
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
  nextCursor: null,
};

/** An older order, on a later page: only `?order=order-9` returns it. */
const OLD_ORDER = {
  status: 'ok',
  data: {
    'order-9': {
      ...ORDERS.data['order-1'],
      id: 'order-9',
      name: 'Old Bakery',
      createdAt: '2025-01-01T10:00:00.000Z',
      projects: [{ ...project('p-9', 'Bakery app'), orderID: 'order-9' }],
    },
  },
  nextCursor: null,
};

function renderAt(path: string) {
  const fetchMock = vi.fn(
    async (url: string) =>
      new Response(JSON.stringify(String(url).includes('order=order-9') ? OLD_ORDER : ORDERS), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
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

  it('fetches a linked order that is not on the page by its id and shows it first, focused', async () => {
    renderAt('/orders?order=order-9&project=p-9');
    const focused = await screen.findByRole('article', { name: 'Bakery app (Web)' });
    expect(focused.getAttribute('aria-current')).toBe('true');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Old Bakery', 'Harbour Café']);
  });

  it('without ?project= every card starts closed', async () => {
    renderAt('/orders');
    await screen.findByRole('article', { name: 'Admin site (Web)' });
    expect(screen.getAllByRole('button', { name: 'More Info' })).toHaveLength(2);
  });
});
