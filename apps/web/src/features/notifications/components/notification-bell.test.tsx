import type { Notification } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeTokens } from '../../../lib/session';
import { fakeJwt, nowSeconds } from '../../../test/tokens';
import NotificationBell from './notification-bell';

class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: { type: string; target?: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const item = (over: Partial<Notification>): Notification => ({
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'project_status_changed',
  title: 'Bakery app',
  body: 'Your project was approved.',
  link: '/orders?order=o1&project=p1',
  count: 1,
  createdAt: new Date().toISOString(),
  readAt: null,
  ...over,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderBell() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/profile']}>
        <NotificationBell />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NotificationBell', () => {
  let unread: number;
  let list: Notification[];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (path.endsWith('/read') && init?.method === 'POST') {
      unread -= 1;
      return json({ status: 'ok', unread });
    }
    if (path.startsWith('/api/v1/notifications/unread')) return json({ status: 'ok', unread });
    return json({ status: 'ok', notifications: list, nextCursor: null, unread });
  });

  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('fetch', fetch);
    storeTokens({ access: fakeJwt({ sub: 'u1', user_type: 'c', exp: nowSeconds() + 600 }), refresh: 'r' });
    unread = 1;
    list = [item({})];
  });
  afterEach(() => {
    cleanup();
    clearSession();
    fetch.mockClear();
    vi.unstubAllGlobals();
  });

  it('shows the unread count, raises it on a push, and joins the notifications target', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByText('1')).toBeTruthy();

    const socket = FakeSocket.instances[0];
    if (!socket) throw new Error('no socket opened');
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
      socket.receive({ type: 'ready' });
    });
    expect(socket.sent).toContainEqual({ type: 'join', target: { kind: 'notifications' } });
    act(() => {
      socket.receive({ type: 'joined', room: 'notifications', target: { kind: 'notifications' } });
    });
    // A (re)connect reads the count again (pushes are not replayed); then the push alone raises it.
    const unreadReads = () =>
      fetch.mock.calls.filter(([path]) => path.startsWith('/api/v1/notifications/unread')).length;
    await waitFor(() => expect(unreadReads()).toBe(2));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    act(() => {
      socket.receive({
        type: 'notification',
        notification: item({ id: '22222222-2222-4222-8222-222222222222', title: 'New message' }),
        unread: 2,
      });
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('opens the panel from the keyboard, follows a link (marking it read) and closes with Escape', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const link = await within(panel).findByRole('link', { name: /Bakery app/ });
    expect(within(panel).getByRole('button', { name: 'Mark “Bakery app” read' })).toBeTruthy();

    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/orders?order=o1&project=p1'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/notifications/11111111-1111-4111-8111-111111111111/read',
      expect.objectContaining({ method: 'POST' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await screen.findByRole('region', { name: 'Notifications' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications' }));
  });

  it('says when there is nothing yet', async () => {
    unread = 0;
    list = [];
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
  });
});
