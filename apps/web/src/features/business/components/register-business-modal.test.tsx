import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { RegisterBusinessModal } from './register-business-modal';

function reply(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

// Modal transitions and lazy toasts are slow under a loaded jsdom; the default 5 s is too tight.
describe('RegisterBusinessModal', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('enables Register only once the terms are ticked, and sends nothing before', async () => {
    const fetch = vi.fn(async (path: string) =>
      path.endsWith('/types')
        ? reply({ status: 'ok', types: [{ id: 1, type: 'RealEstate' }] })
        : reply({ status: 'ok', message: 'Business registered' }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <ToastProvider>
            <RegisterBusinessModal show onHide={vi.fn()} />
          </ToastProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Business name'), { target: { value: 'Harbour Realty' } });
    const register = dialog.getByRole('button', { name: 'Register' });
    expect(register).toHaveProperty('disabled', true);
    // Enter in the name field submits the form: the spec's alert, and no call.
    await act(async () => fireEvent.submit(dialog.getByLabelText('Business name')));
    expect(dialog.getByText('Agree to the terms')).toBeTruthy();
    expect(fetch.mock.calls.some(([path]) => String(path).endsWith('/register'))).toBe(false);

    expect(dialog.getByRole('link', { name: 'business registration conditions' }).getAttribute('href')).toBe(
      '/business-registration-conditions',
    );
    await dialog.findByRole('option', { name: 'Real estate' });
    fireEvent.click(dialog.getByLabelText(/I agree to the/));
    expect(dialog.getByRole('button', { name: 'Register' })).toHaveProperty('disabled', false);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Register' })));
    const call = fetch.mock.calls.find(([path]) => String(path).endsWith('/register')) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(call[1].body))).toEqual({
      businessName: 'Harbour Realty',
      businessType: 1,
      agree: true,
    });
  });
});
