import { CHANGES_ERROR_MESSAGE, type Plan } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { PlanDialog } from './plan-dialog';

const plan: Plan = {
  id: 7,
  plan_id: 7,
  product_id: 3,
  name: 'Team',
  price: 900,
  currency: 'usd',
  items: [
    { item_id: 1, item: 'Old feature' },
    { item_id: 2, item: 'Kept feature' },
  ],
  term: 'm',
  is_recurring: true,
  is_free: false,
  hasAPI: true,
  api_information: { calls_per_minute: 10 },
  max_keys_allowed: 0,
};

function renderDialog(props: { plan?: Plan } = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const show = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ show }}>
        <PlanDialog productID={3} productName="Geo API" onHide={vi.fn()} {...props} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  return show;
}

describe('PlanDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('ticking Free disables the price, recurrence and term (docs/product-contract.md §4 Entities)', () => {
    renderDialog();
    fireEvent.click(screen.getByLabelText('Free plan'));
    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Monthly') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Yearly') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Recurring payment') as HTMLInputElement).checked).toBe(false);
  });

  it('sends the features added and the ids removed, in cents, and reports Error occurred! on failure', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 'failed', message: 'Plan not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderDialog({ plan });
    fireEvent.change(screen.getByLabelText('Price (USD)'), { target: { value: '12.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Old feature' }));
    fireEvent.change(screen.getByLabelText('Features'), { target: { value: 'New feature' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add feature' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(await screen.findByText(new RegExp(CHANGES_ERROR_MESSAGE))).toBeTruthy();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      selectedPlanID: 7,
      price: 1250,
      newFeaturesToAdd: ['New feature'],
      featuresToDelete: [1],
    });
  });

  it('refuses a negative price before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    fireEvent.change(screen.getByLabelText('Plan name'), { target: { value: 'Pro' } });
    fireEvent.change(screen.getByLabelText('Price (USD)'), { target: { value: '-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add plan' })));
    expect(screen.getByText('Price must be 0 or more')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
