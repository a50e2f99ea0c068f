import { KEY_MANAGER_PATHS, KEY_PRODUCT_PATHS, type KeyProduct } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { PolicyDialog } from './policy-dialog';

const product: KeyProduct = {
  id: '0f8c7a4e-7d7c-4a58-9a57-6a3c1b2d3e4f',
  code: 'studio',
  name: 'Studio',
  isDefault: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('PolicyDialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a bad entitlement row on the form, then sends every field of the policy', async () => {
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (path === KEY_MANAGER_PATHS.getDevicePolicy) {
        return json({
          status: 'ok',
          policy: { leaseSeconds: 0, transfersPer30Days: 0, transferIdleSeconds: 0 },
        });
      }
      const body = JSON.parse(String(init?.body));
      return json({
        status: 'ok',
        message: 'Policy created',
        policy: { ...body, id: 'p1', createdAt: '2026-01-01', updatedAt: '2026-01-01' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const onHide = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <PolicyDialog product={product} onHide={onHide} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'New policy for Studio' }));
    const type = (label: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type('Name', 'Yearly');
    type('Max activations', '3');
    type('Duration unit', 'year');
    type('Duration', '1');
    type('Clock starts', 'activation');
    type('Grace days', '14');
    type('Lease (seconds)', '600');
    fireEvent.click(dialog.getByRole('button', { name: 'Add entitlement' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add entitlement' }));
    type('Entitlement 1 name', 'seats');
    type('Entitlement 1 type', 'number');
    type('Entitlement 1 value', 'five');
    type('Entitlement 2 name', 'pro');
    type('Entitlement 2 type', 'boolean');
    type('Metadata (JSON, optional)', '{"plan": "studio"}');

    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Create policy' })));
    expect(dialog.getByText('The value of “seats” must be a number')).toBeTruthy();
    expect(dialog.getByLabelText('Entitlement 1 value').getAttribute('class')).toContain('is-invalid');
    expect(fetch.mock.calls.some(([path]) => path === KEY_PRODUCT_PATHS.policies)).toBe(false);

    type('Entitlement 1 value', '5');
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Create policy' })));
    const created = fetch.mock.calls.find(([path]) => path === KEY_PRODUCT_PATHS.policies);
    expect(JSON.parse(String(created?.[1]?.body))).toEqual({
      productId: product.id,
      name: 'Yearly',
      kind: 'standard',
      maxActivations: 3,
      duration: { count: 1, unit: 'year' },
      clockStarts: 'activation',
      expiryBehaviour: 'refuse',
      graceDays: 14,
      leaseSeconds: 600,
      transfersPer30Days: null,
      transferIdleSeconds: null,
      entitlements: { seats: 5, pro: true },
      metadata: { plan: 'studio' },
    });
    expect(onHide).toHaveBeenCalled();
  });
});
