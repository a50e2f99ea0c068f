import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../../components/toast/toast-context';
import { quoteFixture } from '../../../../test/deal-fixtures';
import { QuoteEditor } from './quote-editor';

const PROJECT = {
  id: '7d3f6a2e-4b1c-4e8a-9f00-1a2b3c4d5e6f',
  name: 'Shop app',
  totalPayment: null,
  recurringPayment: null,
  term: null,
};

function renderEditor(onHide = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const show = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ show }}>
        <QuoteEditor project={PROJECT} latest={undefined} onHide={onHide} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  return { show, onHide };
}

const line = (n: number) => within(screen.getByRole('group', { name: `Line ${n}` }));
const milestone = (n: number) => within(screen.getByRole('group', { name: `Milestone ${n}` }));
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('QuoteEditor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks live that the milestones add up to the lines’ total', () => {
    renderEditor();
    type(line(1).getByLabelText('Unit price (USD)'), '1000');
    type(line(1).getByLabelText('Qty'), '2');
    type(milestone(1).getByLabelText('Amount (USD)'), '500');
    expect(screen.getByTestId('milestones-check').textContent).toBe(
      'Milestones add up to $500.00 of $2,000.00 ($1,500.00 left to assign)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    type(milestone(2).getByLabelText('Amount (USD)'), '1,500');
    expect(screen.getByTestId('milestones-check').textContent).toBe(
      'Milestones add up to $2,000.00 of $2,000.00',
    );
  });

  it('refuses what the contract refuses before sending anything, next to the inputs', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderEditor();
    type(line(1).getByLabelText('Unit price (USD)'), '12.345');
    type(milestone(1).getByLabelText('Title'), '');
    type(screen.getByLabelText('Recurring amount (USD)'), '200');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(line(1).getByText('Enter a unit price such as 1200 or 49.50')).toBeTruthy();
    expect(milestone(1).getByText('Each milestone needs a title')).toBeTruthy();
    expect(
      screen.getByText('A recurring payment needs a term, and a term needs a recurring payment'),
    ).toBeTruthy();
    expect(line(1).getByLabelText('Unit price (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says when the milestones do not add up, then saves the quote in cents', async () => {
    const saved = quoteFixture({ status: 'draft' });
    const fetch = vi.fn(async () => reply({ status: 'ok', message: 'Quote saved', quote: saved }));
    vi.stubGlobal('fetch', fetch);
    const { onHide, show } = renderEditor();
    type(line(1).getByLabelText('Unit price (USD)'), '1200.50');
    type(milestone(1).getByLabelText('Amount (USD)'), '1200');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(screen.getByRole('alert').textContent).toBe('The milestones must add up to the quote’s total');
    expect(fetch).not.toHaveBeenCalled();

    type(milestone(1).getByLabelText('Amount (USD)'), '1200.50');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/v1/admin/quotes/save');
    expect(JSON.parse(String(init.body))).toMatchObject({
      projectID: PROJECT.id,
      lineItems: [{ description: 'Shop app', quantity: 1, unitAmount: 120050 }],
      milestones: [{ title: 'Delivery', amount: 120050 }],
      currency: 'usd',
      recurringPayment: null,
      term: null,
    });
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(show).toHaveBeenCalledWith({ message: 'Quote saved', variant: 'success' });
  });

  it('shows the server’s refusal under the input it names', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(
          {
            status: 'failed',
            code: 'invalid_input',
            message: 'A line’s description is not allowed',
            field: 'lineItems.0.description',
          },
          400,
        ),
      ),
    );
    renderEditor();
    type(line(1).getByLabelText('Unit price (USD)'), '10');
    type(milestone(1).getByLabelText('Amount (USD)'), '10');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(await line(1).findByText('A line’s description is not allowed')).toBeTruthy();
    // Said once, under its input, not again in the dialog's top alert.
    expect(screen.getAllByText('A line’s description is not allowed')).toHaveLength(1);
  });
});
