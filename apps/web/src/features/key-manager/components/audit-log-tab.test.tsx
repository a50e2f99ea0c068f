import { KEY_AUDIT_PATHS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { AuditLogTab } from './audit-log-tab';

const event = (overrides: object) => ({
  id: crypto.randomUUID(),
  actorName: 'Ada Lovelace',
  action: 'key.changed',
  target: 'Studio (7GQ2M-X9K3D)',
  detail: {},
  ip: '203.0.113.7',
  createdAt: '2026-11-28T10:00:00.000Z',
  area: 'key-manager',
  before: { maxActivations: 1, customerEmail: null },
  after: { maxActivations: 3, customerEmail: 'a@example.com' },
  ...overrides,
});

const page = (events: object[], nextCursor: string | null = null) => ({ status: 'ok', events, nextCursor });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <AuditLogTab />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const bodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .filter(([path]) => path === KEY_AUDIT_PATHS.auditLog)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('AuditLogTab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows who did what with each changed field before → after, and a licensee’s portal action', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          page([
            event({}),
            event({
              actorName: 'buyer@example.com',
              action: 'portal.device_released',
              area: 'portal',
              target: '7GQ2M-X9K3D',
              before: { device: 'Laptop', platform: 'macos' },
              after: null,
            }),
          ]),
        ),
      ),
    );
    renderTab();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Ada Lovelace');
    expect(rows[1]?.textContent).toContain('Changed a licence key');
    expect(rows[1]?.textContent).toContain('maxActivations: 1 → 3');
    expect(rows[1]?.textContent).toContain('customerEmail: — → a@example.com');
    expect(rows[2]?.textContent).toContain('buyer@example.com');
    expect(rows[2]?.textContent).toContain('Licensee portal');
    expect(rows[2]?.textContent).toContain('Licensee released a device');
    expect(rows[2]?.textContent).toContain('device: Laptop');
  });

  it('filters by action on the server and says when nothing matches', async () => {
    const fetch = vi.fn(async () => json(page([])));
    vi.stubGlobal('fetch', fetch);
    renderTab();
    expect(await screen.findByText(/Nothing recorded yet/)).toBeTruthy();
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'api_key.rolled' } }),
    );
    expect(await screen.findByText('Nothing recorded matches these filters.')).toBeTruthy();
    expect(bodies(fetch).at(-1)).toEqual({ action: 'api_key.rolled' });
  });

  it('shows the error with a retry when the log cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ status: 'failed', code: 'internal_error', message: 'Something went wrong.' }, 500),
      ),
    );
    renderTab();
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });
});
