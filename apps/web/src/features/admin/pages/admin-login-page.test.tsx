import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLoginPage } from './admin-login-page';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function change(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AdminLoginPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('asks an admin with a second factor for it, then opens the admin panel', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        paths.push(String(path));
        if (String(path).endsWith('/admin/authenticate')) {
          return reply(200, {
            status: 'ok',
            message: 'Password accepted',
            secondFactor: { challenge: 'step-1', methods: ['totp', 'recovery'] },
          });
        }
        return reply(200, {
          status: 'ok',
          access: 'header.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ.sig',
          refresh: 'refresh-token',
          user_type: 'a',
          message: 'Signed in successfully',
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <MemoryRouter initialEntries={['/company/admin/login']}>
        <QueryClientProvider client={client}>
          <Routes>
            <Route path="/company/admin/login" element={<AdminLoginPage />} />
            <Route path="/company/admin" element={<p>Admin panel</p>} />
          </Routes>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    change('Username', 'admin');
    change('Email', 'admin@example.com');
    change('Password', 'right-password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '654321' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    await screen.findByText('Admin panel');
    expect(paths.at(-1)).toMatch(/\/second-factor$/);
  });
});
