import type { DeviceSession } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { SessionsTab } from './sessions-tab';

const session = (over: Partial<DeviceSession>): DeviceSession => ({
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome 131',
  os: 'Linux',
  deviceType: 'desktop',
  ip: '198.51.100.7',
  place: null,
  signedInAt: '2026-11-28T09:00:00.000Z',
  lastActiveAt: '2026-11-28T10:00:00.000Z',
  current: false,
  ...over,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderTab() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SessionsTab />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('SessionsTab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the devices, marks this one, says an unknown place, and signs another out', async () => {
    const mine = session({ current: true, place: 'Germany' });
    const phone = session({
      id: '22222222-2222-4222-8222-222222222222',
      browser: 'Safari 17',
      os: 'iOS 17.1',
      deviceType: 'mobile',
      ip: '198.51.100.8',
    });
    let sessions = [mine, phone];
    const fetch = vi.fn(async (_path: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        sessions = [mine];
        return json({ status: 'ok', message: 'Safari 17 on iOS 17.1 was signed out', ended: 1 });
      }
      return json({ status: 'ok', sessions, nextCursor: null });
    });
    vi.stubGlobal('fetch', fetch);
    renderTab();

    const table = await screen.findByRole('table', { name: 'Signed-in devices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Chrome 131 on Linux');
    expect(rows[0]?.textContent).toContain('This device');
    expect(rows[0]?.textContent).toContain('Germany');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[1]?.textContent).toContain('Unknown');

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.1, 198.51.100.8' })),
    );
    const deleted = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(deleted?.[0]).toBe('/api/v1/user/sessions/22222222-2222-4222-8222-222222222222');
    expect(await screen.findByText('Safari 17 on iOS 17.1 was signed out')).toBeTruthy();
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });
});
