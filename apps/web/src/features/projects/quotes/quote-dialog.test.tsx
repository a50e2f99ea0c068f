import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { quoteFixture } from '../../../test/deal-fixtures';
import { QuoteDialog } from './quote-dialog';

function renderDialog(props: Omit<Parameters<typeof QuoteDialog>[0], 'onHide'>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={{ show: vi.fn() }}>
        <QuoteDialog {...props} onHide={vi.fn()} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
}

const button = (name: string) => screen.queryByRole('button', { name, exact: true } as { name: string });

describe('QuoteDialog', () => {
  afterEach(cleanup);

  it('shows the offer, its monthly part and its milestones, with Accept and Decline for roles that pay', () => {
    renderDialog({ quotes: [quoteFixture()], canDecide: true });
    expect(screen.getByTestId('quote-total').textContent).toBe('$5,000.00');
    expect(screen.getByTestId('quote-recurring').textContent).toBe('$200.00 per month');
    expect(screen.getByText('$2,000.00 · due Dec 1, 2026')).toBeTruthy();
    expect(button('Accept')).toBeTruthy();
    expect(button('Decline')).toBeTruthy();
  });

  it('offers no decision to a role that cannot pay, and says who can', () => {
    renderDialog({ quotes: [quoteFixture()], canDecide: false });
    expect(button('Accept')).toBeNull();
    expect(button('Decline')).toBeNull();
    expect(screen.getByText(/Only the account’s owner, admins and billing members/)).toBeTruthy();
  });

  it('an expired quote can be declined but not accepted', () => {
    renderDialog({ quotes: [quoteFixture({ expired: true })], canDecide: true });
    expect(screen.getByText(/expired and can no longer be accepted/)).toBeTruthy();
    expect(button('Accept')).toBeNull();
    expect(button('Decline')).toBeTruthy();
  });

  it('an accepted quote names who accepted it, with its PDF; earlier revisions are under History', () => {
    renderDialog({
      quotes: [
        quoteFixture({
          id: 'q2',
          revision: 2,
          status: 'accepted',
          acceptedName: 'Ada Lovelace',
          decidedBy: 'Ada Lovelace',
          decidedAt: '2026-11-03T09:30:00.000Z',
        }),
        quoteFixture({ status: 'declined', declineReason: 'Too dear' }),
      ],
      canDecide: true,
    });
    expect(screen.getByTestId('quote-accepted-by').textContent).toMatch(/^Accepted by Ada Lovelace on /);
    // jsdom drops the space before the visually hidden words; browsers keep it.
    expect(
      screen.getByRole('button', { name: /Download PDF ?of the accepted quote, revision 2/ }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'History (1 earlier)' })).toBeTruthy();
    expect(button('Accept')).toBeNull();
  });
});
