import type { AccountRole, Invoice } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { ACCOUNT_CONTEXT_KEY } from '../../../lib/account-context';
import { dealKeys } from '../../../lib/deal-keys';
import { invoiceFixture } from '../../../test/deal-fixtures';
import { PaymentHoldBanner } from './payment-hold-banner';
import { ProjectInvoices } from './project-invoices';

const PROJECT = '7d3f6a2e-4b1c-4e8a-9f00-1a2b3c4d5e6f';

/** The component with the session's role and the project's invoices already known (nothing fetched). */
function renderWith(role: AccountRole, invoices: Invoice[], ui: React.ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(ACCOUNT_CONTEXT_KEY, {
    status: 'ok',
    person: { id: 'p1', firstName: 'Ada', lastName: 'Client', email: 'ada@example.test' },
    account: { id: 'a1', name: 'Ada’s café', role },
    accounts: [],
  });
  client.setQueryData(dealKeys.userInvoices(PROJECT, undefined), {
    status: 'ok',
    invoices,
    nextCursor: null,
  });
  render(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ show: vi.fn() }}>{ui}</ToastContext.Provider>
    </QueryClientProvider>,
  );
}

describe('a project’s invoices', () => {
  afterEach(cleanup);

  it('offers Pay now on open invoices to roles that pay, and shows Overdue', () => {
    const overdue = invoiceFixture({ overdue: true, daysOverdue: 3, balance: 150000, paid: 50000 });
    const paid = invoiceFixture({ id: 'i2', number: 'INV-2026-0002', status: 'paid', balance: 0 });
    renderWith('billing', [overdue, paid], <ProjectInvoices projectID={PROJECT} />);
    const open = within(screen.getByRole('listitem', { name: 'Invoice INV-2026-0001' }));
    expect(open.getByTestId('invoice-status').textContent).toBe('Overdue');
    expect(open.getByText('Left to pay: $1,500.00')).toBeTruthy();
    expect(open.getByRole('button', { name: /Pay now/ }).textContent).toContain(
      '$1,500.00 of invoice INV-2026-0001',
    );
    const settled = within(screen.getByRole('listitem', { name: 'Invoice INV-2026-0002' }));
    expect(settled.getByTestId('invoice-status').textContent).toBe('Paid');
    expect(settled.queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('shows no invoices to the roles without billing (developer, viewer)', () => {
    renderWith('developer', [invoiceFixture()], <ProjectInvoices projectID={PROJECT} />);
    expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull();
    cleanup();
    renderWith('viewer', [invoiceFixture()], <ProjectInvoices projectID={PROJECT} />);
    expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull();
  });

  it('puts the project on hold only past the grace days, naming the invoice to pay', () => {
    renderWith(
      'owner',
      [invoiceFixture({ overdue: true, daysOverdue: 10 })],
      <PaymentHoldBanner projectID={PROJECT} />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderWith(
      'owner',
      [invoiceFixture({ overdue: true, daysOverdue: 11 })],
      <PaymentHoldBanner projectID={PROJECT} />,
    );
    const banner = within(screen.getByRole('alert'));
    expect(banner.getByText('This project is on hold until paid')).toBeTruthy();
    expect(banner.getByText(/Invoice INV-2026-0001: \$2,000\.00, due/)).toBeTruthy();
    expect(banner.getByRole('button', { name: /Pay now/ })).toBeTruthy();
  });
});
