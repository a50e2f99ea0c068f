import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignupForm } from './signup-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <SignupForm onSuccess={vi.fn()} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function fillValid() {
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Email: 'ada@example.com',
    Password: 'correct-horse',
    'Confirm password': 'correct-horse',
    'Security question': 'First pet?',
    'Security question answer': 'Rex',
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('SignupForm server errors', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a refusal that names a field under that field, not in the alert', async () => {
    const message = 'This email provider does not accept our mail';
    vi.stubGlobal('fetch', async () => reply(400, { status: 'failed', message, field: 'data.email' }));
    renderForm();
    fillValid();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' })));
    expect(await screen.findByText(message)).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(message).id).toBe('signup-email-error');
    expect(document.activeElement).toBe(email);
  });

  it('shows a refusal about no field in the red alert', async () => {
    const message = 'An account with this email already exists';
    vi.stubGlobal('fetch', async () => reply(409, { status: 'failed', message }));
    renderForm();
    fillValid();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' })));
    expect((await screen.findByText(message)).closest('.alert-danger')).not.toBeNull();
  });
});
