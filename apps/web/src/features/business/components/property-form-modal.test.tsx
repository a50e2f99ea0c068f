import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { PropertyFormModal } from './property-form-modal';

const BUSINESS = '11111111-1111-4111-8111-111111111111';

function reply(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function renderForm(kind: 'house' | 'land' = 'house') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PropertyFormModal businessId={BUSINESS} kind={kind} onHide={vi.fn()} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog'));
}

// Modal transitions are slow under a loaded jsdom; the default 5 s is too tight.
describe('PropertyFormModal', { timeout: 20_000 }, () => {
  const fetch = vi.fn(async (path: string) => {
    if (path.endsWith('/countries'))
      return reply({ status: 'ok', countries: [{ id: 'US', name: 'United States' }] });
    if (path.endsWith('/status/list'))
      return reply({ status: 'ok', statuses: [{ id: 1, status: 'Available' }] });
    return reply({ status: 'ok', states: [{ id: 'CA', name: 'California' }] });
  });
  const open = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetch);
    // Uploads go through XHR; a valid submit would open one, an invalid one must not.
    vi.stubGlobal(
      'XMLHttpRequest',
      vi.fn(() => ({ open, setRequestHeader: vi.fn(), send: vi.fn(), upload: {} })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    open.mockClear();
  });

  it('starts a house with the spec defaults: 2 bedrooms, 1 floor, area 1700, price 45000', () => {
    const dialog = renderForm();
    expect(dialog.getByLabelText('Bedrooms')).toHaveProperty('value', '2');
    expect(dialog.getByLabelText('Floors')).toHaveProperty('value', '1');
    expect(dialog.getByLabelText('Area (sq ft)')).toHaveProperty('value', '1700');
    expect(dialog.getByLabelText('Price (USD)')).toHaveProperty('value', '45000');
  });

  it('refuses bad coordinates, a negative price and a missing address without uploading', async () => {
    const dialog = renderForm();
    fireEvent.change(dialog.getByLabelText('Latitude'), { target: { value: '91' } });
    fireEvent.change(dialog.getByLabelText('Price (USD)'), { target: { value: '-1' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Add house' })));
    expect(dialog.getByText('Latitude must be between -90 and 90')).toBeTruthy();
    expect(dialog.getByText('Price cannot be negative')).toBeTruthy();
    expect(dialog.getByText('Address is required')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('refuses a photo that is not an image before sending it', async () => {
    const dialog = renderForm('land');
    const file = new File(['#!/bin/sh'], 'script.sh', { type: 'text/x-sh' });
    fireEvent.change(dialog.getByLabelText(/^Images/), { target: { files: [file] } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Add land' })));
    expect(dialog.getByText('script.sh: choose a JPEG, PNG, WebP or GIF image')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});
