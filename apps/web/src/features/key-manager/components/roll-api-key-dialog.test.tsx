import { KEY_MANAGER_PATHS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RollApiKeyDialog } from './roll-api-key-dialog';

const apiKey = {
  id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
  key: 'km_live_AbCd…wxyz',
  name: 'CI',
  type: 'secret' as const,
  last_used: '2026-01-02T00:00:00.000Z',
  remaining_requests: 60,
  requests_made: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  simulation: null,
  product_id: null,
  expires_at: null,
  replaced_by: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(onHide = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RollApiKeyDialog apiKey={apiKey} onHide={onHide} />
    </QueryClientProvider>,
  );
}

const rollCall = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.find(([path]) => path === KEY_MANAGER_PATHS.rollApiKey) as unknown as
    | [string, RequestInit]
    | undefined;

describe('RollApiKeyDialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('rolls with the chosen overlap and shows the new key once, with when the old one stops', async () => {
    const expiresAt = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
    const fetch = vi.fn(async () =>
      json({
        status: 'ok',
        message: 'New API key created.',
        id: 'new-id',
        key: 'km_live_the_full_new_key',
        type: 'secret',
        replaces: apiKey.id,
        oldKeyExpiresAt: expiresAt,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    expect(screen.getByText(/answers/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('7 days'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Roll key' })));
    const call = rollCall(fetch);
    expect(JSON.parse(String(call?.[1].body))).toEqual({ id: apiKey.id, overlapHours: 168 });
    expect(await screen.findByTestId('rolled-api-key')).toHaveProperty(
      'textContent',
      'km_live_the_full_new_key',
    );
    expect(screen.getByRole('button', { name: 'Copy API key' })).toBeTruthy();
    expect(screen.getByText(/keeps working until/)).toBeTruthy();
  });

  it('takes a number of hours, refusing what is not 0 to 168 whole hours before sending', async () => {
    const fetch = vi.fn(async () =>
      json({
        status: 'ok',
        message: 'New API key created.',
        id: 'new-id',
        key: 'km_live_other',
        type: 'secret',
        replaces: apiKey.id,
        oldKeyExpiresAt: new Date(Date.now() - 1000).toISOString(),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    fireEvent.click(screen.getByLabelText('A number of hours'));
    const hours = screen.getByLabelText('Hours (0 to 168)');
    fireEvent.change(hours, { target: { value: '200' } });
    expect(screen.getByText('Enter a whole number of hours from 0 to 168.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Roll key' })).toHaveProperty('disabled', true);
    fireEvent.change(hours, { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Roll key' })));
    expect(JSON.parse(String(rollCall(fetch)?.[1].body))).toEqual({ id: apiKey.id, overlapHours: 0 });
    expect(await screen.findByText(/has stopped working/)).toBeTruthy();
  });

  it('says why the server refused a roll', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            status: 'failed',
            code: 'conflict',
            message:
              'This API key was already rolled: it has a replacement and a stop time. Roll the new key instead.',
          },
          409,
        ),
      ),
    );
    renderDialog();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Roll key' })));
    expect(await screen.findByText(/already rolled/)).toBeTruthy();
  });
});
