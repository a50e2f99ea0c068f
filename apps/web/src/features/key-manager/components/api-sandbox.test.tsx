import {
  API_KEY_SIMULATION_LABELS,
  KEY_MANAGER_PATHS,
  SIMULATION_STARTED_MESSAGE,
  SIMULATION_STOPPED_MESSAGE,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { ApiSandbox } from './api-sandbox';

const key = (id: string, masked: string, simulation: object | null) => ({
  id,
  key: masked,
  name: null,
  type: 'secret',
  last_used: null,
  remaining_requests: 60,
  requests_made: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  simulation,
  product_id: null,
});
const TESTED = '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11';
const OTHER = '7a2d0b63-5d2f-4cef-8c1a-3a2c8a1b2b22';
const listed = {
  status: 'ok',
  callsPerMinute: 60,
  nextCursor: null,
  keysInformation: [
    key(TESTED, 'km_live_AbCd…wxyz', {
      state: 'payment-required',
      callsPerMinute: null,
      endsAt: '2026-01-01T00:15:00.000Z',
    }),
    key(OTHER, 'km_live_EfGh…stuv', null),
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function sent(fetch: ReturnType<typeof vi.fn>) {
  return fetch.mock.calls
    .filter(([path]) => path === KEY_MANAGER_PATHS.simulateApiKey)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

describe('ApiSandbox', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the running simulation, stops it, and starts another on the chosen key', async () => {
    // Stopping and starting answer their own sentences, so the start's toast is told from the stop's
    // (both may still show: a toast hides after 5 s).
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== KEY_MANAGER_PATHS.simulateApiKey) return json(listed);
      const stopping = (JSON.parse(String(init?.body)) as { state: string }).state === 'off';
      const message = stopping ? SIMULATION_STOPPED_MESSAGE : SIMULATION_STARTED_MESSAGE;
      return json({ status: 'ok', message, simulation: null });
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ApiSandbox />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const running = await screen.findByRole('list', { name: 'Running simulations' });
    const [item, ...others] = within(running).getAllByRole('listitem');
    expect(others).toEqual([]);
    expect(item?.textContent).toContain('km_live_AbCd…wxyz');
    expect(item?.textContent).toContain(API_KEY_SIMULATION_LABELS['payment-required']);
    expect(within(running).queryByText(/km_live_EfGh/)).toBeNull();

    await act(async () =>
      fireEvent.click(
        within(running).getByRole('button', { name: 'Stop the simulation on km_live_AbCd…wxyz' }),
      ),
    );
    expect(sent(fetch)).toEqual([{ id: TESTED, state: 'off' }]);
    expect(await screen.findByText(SIMULATION_STOPPED_MESSAGE)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Simulate a failure…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Simulate a failure' });
    fireEvent.change(within(dialog).getByLabelText('API key'), { target: { value: OTHER } });
    fireEvent.change(within(dialog).getByLabelText('Answer as if'), { target: { value: 'rate-limit' } });
    fireEvent.change(within(dialog).getByLabelText('Calls per minute'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('For how many minutes'), { target: { value: '5' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Start simulation' })));
    expect(sent(fetch)[1]).toEqual({ id: OTHER, state: 'rate-limit', minutes: 5, callsPerMinute: 2 });
    expect(await screen.findByText(SIMULATION_STARTED_MESSAGE)).toBeTruthy();
  });
});
