import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { quoteFixture } from '../../../test/deal-fixtures';
import { AcceptQuoteDialog } from './accept-quote-dialog';

const quote = quoteFixture();

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const show = vi.fn();
  const onHide = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ show }}>
        <AcceptQuoteDialog quote={quote} onHide={onHide} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
  return { show, onHide };
}

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('AcceptQuoteDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the acceptance is binding and recorded with the time and IP address', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Accept quote for Shop app' })).toBeTruthy();
    expect(screen.getByText(/binding acceptance/).textContent).toMatch(/name, the time and your IP address/);
    expect(screen.getByText(/\$5,000\.00, paid in 2 milestones/)).toBeTruthy();
  });

  it('wants the full name typed before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: ' A ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept quote' })));
    expect(screen.getByText('Type your full name to accept')).toBeTruthy();
    expect(screen.getByLabelText('Your full name').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the quote and the typed name, then thanks and closes', async () => {
    const fetch = vi.fn(async () =>
      reply({
        status: 'ok',
        message: 'Quote accepted: the project is approved',
        quote: quoteFixture({ status: 'accepted', acceptedName: 'Ada Lovelace' }),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { show, onHide } = renderDialog();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Ada Lovelace' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept quote' })));
    await vi.waitFor(() => expect(onHide).toHaveBeenCalled());
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/v1/user/quotes/accept');
    expect(JSON.parse(String(init.body))).toEqual({ quoteID: quote.id, name: 'Ada Lovelace' });
    expect(show).toHaveBeenCalledWith({
      message: 'Quote accepted: the project is approved',
      variant: 'success',
    });
  });

  it('shows the server’s refusal of an expired quote and stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(
          {
            status: 'failed',
            code: 'quote_expired',
            message: 'This quote expired on Dec 31, 2026: ask for a new revision',
          },
          409,
        ),
      ),
    );
    const { onHide } = renderDialog();
    fireEvent.change(screen.getByLabelText('Your full name'), { target: { value: 'Ada Lovelace' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept quote' })));
    expect(
      await screen.findByText('This quote expired on Dec 31, 2026: ask for a new revision'),
    ).toBeTruthy();
    expect(onHide).not.toHaveBeenCalled();
  });
});
