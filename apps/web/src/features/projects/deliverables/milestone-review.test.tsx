import type { AccountRole, MilestoneWork } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { ACCOUNT_CONTEXT_KEY } from '../../../lib/account-context';
import { MilestoneReview } from './milestone-review';

const delivered: MilestoneWork = {
  id: '11111111-1111-4111-8111-111111111111',
  position: 1,
  title: 'Designs',
  dueDate: '2026-12-31',
  status: 'delivered',
  deliverables: [
    {
      id: 'd1',
      kind: 'file',
      file: { id: 'f1', name: 'home.pdf', mimeType: 'application/pdf', size: 2048 },
      url: null,
      note: 'First round',
      by: { id: 's1', name: 'Sam Staff' },
      createdAt: '2026-11-28T10:00:00.000Z',
    },
  ],
  history: [
    {
      id: 'e1',
      kind: 'delivered',
      comment: null,
      by: { id: 's1', name: 'Sam Staff' },
      at: '2026-11-28T10:00:00.000Z',
    },
  ],
};

/** The review with the session's role already known (nothing fetched). */
function renderAs(role: AccountRole, milestone: MilestoneWork = delivered) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false },
      mutations: { retry: false },
    },
  });
  client.setQueryData(ACCOUNT_CONTEXT_KEY, {
    status: 'ok',
    person: { id: 'p1', firstName: 'Ada', lastName: 'Client', email: 'ada@example.test' },
    account: { id: 'a1', name: 'Ada’s café', role },
    accounts: [],
  });
  render(
    <QueryClientProvider client={client}>
      <ToastContext.Provider value={{ show: vi.fn() }}>
        <MilestoneReview milestone={milestone} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
}

// jsdom joins a visually hidden span's words without the space a browser reads: match either.
const button = (name: RegExp) => screen.queryByRole('button', { name });

describe('a milestone’s review on the client’s card', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows what was delivered, by whom, with Approve and Ask for changes for roles that change projects', () => {
    renderAs('developer');
    expect(button(/^home\.pdf\s*\(2 KB\)$/)).toBeTruthy();
    expect(screen.getByText('First round')).toBeTruthy();
    expect(screen.getByText(/Sam Staff/, { selector: 'div' })).toBeTruthy();
    expect(button(/^Approve\s*Designs$/)).toBeTruthy();
    expect(button(/^Ask for changes\s*to Designs$/)).toBeTruthy();
  });

  it('offers no decision to a viewer, and says who decides', () => {
    renderAs('viewer');
    expect(button(/^Approve\s*Designs$/)).toBeNull();
    expect(screen.getByText(/Waiting for approval by the account’s owner or an admin/)).toBeTruthy();
  });

  it('wants a comment before asking for changes', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAs('owner');
    fireEvent.click(screen.getByRole('button', { name: /^Ask for changes\s*to Designs$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for changes: Designs' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Ask for changes$/ })));
    expect(dialog.textContent).toContain('Say what should change');
    expect(screen.getByLabelText('What should change?').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});
