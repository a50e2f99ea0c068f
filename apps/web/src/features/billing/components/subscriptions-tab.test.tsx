import { BILLING_PATHS, CATALOG_PATHS, type Plan, type Subscription } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { SubscriptionsTab } from './subscriptions-tab';

const plan = (id: number, name: string, price: number): Plan => ({
  id,
  plan_id: id,
  product_id: 3,
  name,
  price,
  currency: 'usd',
  items: [],
  term: 'm',
  is_recurring: true,
  is_free: false,
  hasAPI: true,
  api_information: { calls_per_minute: 60 },
  max_keys_allowed: 0,
});
const pro = plan(7, 'Pro', 900);
const team = plan(8, 'Team', 2900);

const subscription = (renewal: Partial<Subscription['renewal']>): Subscription => ({
  id: 'sub-1',
  productID: 3,
  product: 'Key Manager',
  plan: pro,
  subscribedPlanID: pro.id,
  state: 'active',
  started_at: '2026-02-05T10:00:00.000Z',
  period_end: '2026-03-05T10:00:00.000Z',
  grace_ends_at: null,
  grace_days_left: null,
  on_hold: false,
  hasAPI: true,
  pendingUpgrade: null,
  renewal: {
    automatic: true,
    provider: 'sandbox',
    status: 'active',
    card: '•••• 4242 (12/39)',
    cancel_at_period_end: false,
    failed_attempts: 0,
    next_attempt_at: null,
    past_due_since: null,
    ...renewal,
  },
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderTab(sub: Subscription) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === BILLING_PATHS.subscriptionsGet) return json({ status: 'ok', subscriptions: [sub] });
      if (path === CATALOG_PATHS.plansGet)
        return json({
          status: 'ok',
          product: { id: 3, name: 'Key Manager' },
          plans: [pro, team],
          activePlanID: pro.id,
        });
      if (path === BILLING_PATHS.upgradeQuote)
        return json({
          status: 'ok',
          amount: 2000,
          currency: 'usd',
          period_end: '2026-03-05T10:00:00.000Z',
          needsApproval: true,
          explanation:
            'An admin reviews plan changes. The difference, prorated to the remaining period, is 20.00 USD today (final at approval).',
        });
      throw new Error(`unexpected ${path}`);
    }),
  );
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastContext.Provider value={{ show: vi.fn() }}>
          <SubscriptionsTab />
        </ToastContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** How often `text` occurs in the page's text. */
const occurrences = (text: string) => document.body.textContent?.split(text).length ?? 1;

// Modal transitions under a loaded jsdom are slow; the default 5 s is too tight.
describe('SubscriptionsTab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says when an automatic renewal happens once', async () => {
    renderTab(subscription({}));
    await screen.findByText(/Renews automatically on Mar 5, 2026 with •••• 4242/);
    expect(occurrences('Mar 5, 2026') - 1).toBe(1);
  });

  it('says when a canceled plan ends once', async () => {
    renderTab(subscription({ cancel_at_period_end: true, automatic: false }));
    await screen.findByText(/Canceled: the plan ends on/);
    expect(occurrences('Mar 5, 2026') - 1).toBe(1);
  });

  it('still dates a plan renewed by hand', async () => {
    renderTab(subscription({ automatic: false, status: 'off', card: null }));
    expect(await screen.findByText('Renews Mar 5, 2026')).toBeTruthy();
    expect(occurrences('Mar 5, 2026') - 1).toBe(1);
  });

  it("shows a plan change's quote in the same money format as the plans", async () => {
    renderTab(subscription({}));
    expect(await screen.findByText('$9.00 / month', { exact: false })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change plan' })));
    const dialog = within(await screen.findByRole('dialog'));
    await act(async () => fireEvent.click(await dialog.findByLabelText('Team — $29.00 / month')));
    const quote = await dialog.findByTestId('upgrade-quote');
    expect(quote.textContent).toBe(
      'An admin reviews plan changes. The difference, prorated to the remaining period, is $20.00 today (final at approval). The plan then runs until Mar 5, 2026.',
    );
    expect(quote.textContent).not.toContain('USD');
  });
});
