import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { SigninPage } from './signin-page';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server: a wrong password, then the two reset steps. */
const fetchMock = vi.fn(async (_path: string, init?: RequestInit) => {
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  if (String(_path).endsWith('/signin'))
    return reply(401, { status: 'failed', message: 'Invalid email or password' });
  if (body.emailValidation)
    return reply(200, {
      status: 'ok',
      emailValidation: 'pass',
      question: 'What was the name of your first pet?',
    });
  return reply(200, { status: 'ok', message: 'Your password has been changed.' });
});

function change(container: Pick<typeof screen, 'getByLabelText'>, label: string, value: string) {
  fireEvent.change(container.getByLabelText(label), { target: { value } });
}

// Modal transitions are slow under a loaded jsdom.
describe('SigninPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('drops the refusal of the old password once the password is reset, and keeps the email', async () => {
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <MemoryRouter initialEntries={['/signin']}>
        <QueryClientProvider client={client}>
          <ToastProvider>
            <SigninPage />
          </ToastProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    change(screen, 'Email', 'ada@example.com');
    change(screen, 'Password', 'forgotten-password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');

    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset your password' }));
    change(dialog, 'Email', 'ada@example.com');
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'NEXT' })));
    change(dialog, 'Answer', 'Babbage');
    change(dialog, 'New password', 'Analytical-Engine-1843');
    await act(async () => {
      change(dialog, 'Confirm new password', 'Analytical-Engine-1843');
    });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'NEXT' })));
    await screen.findByText('Your password has been changed.');

    expect(screen.queryByText('Invalid email or password')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
  });

  it('asks a person with a second factor for a code, sends it with the challenge, and can start again', async () => {
    const calls: { path: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
        calls.push({ path: String(path), body });
        if (String(path).endsWith('/signin')) {
          return reply(200, {
            status: 'ok',
            message: 'Password accepted',
            secondFactor: { challenge: 'step-1', methods: ['totp', 'recovery'] },
          });
        }
        return reply(401, {
          status: 'failed',
          code: 'second_factor_invalid',
          message: 'That code is not right',
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <MemoryRouter initialEntries={['/signin']}>
        <QueryClientProvider client={client}>
          <ToastProvider>
            <SigninPage />
          </ToastProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    change(screen, 'Email', 'ada@example.com');
    change(screen, 'Password', 'right-password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    const code = await screen.findByLabelText('Code from your authenticator app');
    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not right');
    expect(calls.at(-1)).toEqual({
      path: expect.stringMatching(/\/second-factor$/),
      body: { challenge: 'step-1', proof: { method: 'totp', code: '123456' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
