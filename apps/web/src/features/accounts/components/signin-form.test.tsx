import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SigninForm } from './signin-form';

function renderForm(onSuccess = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SigninForm onSuccess={onSuccess} />
    </QueryClientProvider>,
  );
  return onSuccess;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SigninForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('validates on the client and focuses the first invalid field', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads 'Signing In' while pending, then shows the server message in a red alert", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const onSuccess = renderForm();
    fill('Email', 'Someone@Example.com');
    fill('Password', 'wrong-password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    const pending = await screen.findByRole('button', { name: 'Signing In' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    await act(async () =>
      answer(
        new Response(JSON.stringify({ status: 'failed', message: 'Invalid email or password' }), {
          status: 401,
        }),
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password');
    expect(alert.className).toContain('alert-danger');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('sends the contract body (email normalised) and reports success', async () => {
    const reply = { status: 'ok', access: 'a', refresh: 'r', user_type: 'e', message: 'Signed in' };
    const fetch = vi.fn(async () => new Response(JSON.stringify(reply), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const onSuccess = renderForm();
    fill('Email', ' Someone@Example.com ');
    fill('Password', 'correct-horse');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' })));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSuccess.mock.calls[0]?.[0]).toEqual(reply);
    // The Remember me box travels with the reply: it decides how long the web session lasts.
    expect(onSuccess.mock.calls[0]?.[1]).toBe(false);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'someone@example.com',
      password: 'correct-horse',
      rememberMe: false,
    });
  });
});
