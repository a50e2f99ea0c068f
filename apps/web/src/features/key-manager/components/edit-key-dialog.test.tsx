import { type DashboardKey, KEY_MANAGER_PATHS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { EditKeyDialog } from './edit-key-dialog';

const licence: DashboardKey = {
  id: '0f8c7a4e-7d7c-4a58-9a57-6a3c1b2d3e4f',
  key: 'KM-ABCD-EFGH',
  is_active: true,
  max_activations: 2,
  current_activations: 0,
  name: 'Studio seat',
  note: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  product_id: '1f8c7a4e-7d7c-4a58-9a57-6a3c1b2d3e4f',
  policy_id: null,
  status: 'active',
  expires_at: null,
  suspended: false,
  trial: false,
  customer_name: null,
  customer_email: null,
  customer_ref: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('EditKeyDialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the fields the owner changed, and only those', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        expect(path).toBe(KEY_MANAGER_PATHS.changeKey);
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        return json({ status: 'ok', message: 'Key updated', key: { ...licence, ...body } });
      }),
    );
    const onHide = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <EditKeyDialog licence={licence} onHide={onHide} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit key' }));
    fireEvent.change(dialog.getByLabelText('Max activations'), { target: { value: '5' } });
    fireEvent.change(dialog.getByLabelText('Name (optional)'), { target: { value: 'Renamed' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(bodies).toEqual([{ id: licence.id, max_activations: 5, name: 'Renamed' }]);
  });
});
