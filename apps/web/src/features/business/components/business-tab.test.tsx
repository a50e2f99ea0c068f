import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContext } from '../../../components/toast/toast-context';
import { BusinessTab } from './business-tab';

describe('BusinessTab', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the business type as people write it', async () => {
    const business = {
      id: '5b0c2f7e-1d4a-4e8b-9c3f-2a1b0c9d8e7f',
      name: 'Harbour Realty',
      type: 'RealEstate',
      role: 'owner',
      owner: 'Ada Lovelace',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 'ok', businessList: [business], nextCursor: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastContext.Provider value={{ show: vi.fn() }}>
            <BusinessTab />
          </ToastContext.Provider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Real estate')).toBeTruthy();
    expect(screen.queryByText('RealEstate')).toBeNull();
  });
});
