import { type Policy, TRIAL_NEEDS_DURATION_MESSAGE } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { policyField, policyFormValues, policyRequest, policyUpdate } from './policy-form';

const PRODUCT = '0f8c7a4e-7d7c-4a58-9a57-6a3c1b2d3e4f';

const saved: Policy = {
  id: 'p1',
  productId: PRODUCT,
  name: 'Yearly',
  kind: 'standard',
  maxActivations: 3,
  duration: { count: 1, unit: 'year' },
  clockStarts: 'activation',
  expiryBehaviour: 'allow',
  graceDays: 7,
  leaseSeconds: 600,
  transfersPer30Days: null,
  transferIdleSeconds: null,
  entitlements: { seats: 5, pro: true },
  metadata: { plan: 'studio' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('policyRequest', () => {
  it('turns a new policy form into the request, empty device rules following the owner', () => {
    const values = {
      ...policyFormValues(),
      name: 'Yearly',
      durationUnit: 'year' as const,
      durationCount: '1',
    };
    expect(policyRequest(values, PRODUCT)).toEqual({
      ok: true,
      body: {
        productId: PRODUCT,
        name: 'Yearly',
        kind: 'standard',
        maxActivations: 1,
        duration: { count: 1, unit: 'year' },
        clockStarts: 'issue',
        expiryBehaviour: 'refuse',
        graceDays: 0,
        leaseSeconds: null,
        transfersPer30Days: null,
        transferIdleSeconds: null,
        entitlements: {},
        metadata: {},
      },
    });
  });

  it('gives back a saved policy unchanged (edit without changes)', () => {
    const result = policyRequest(policyFormValues(saved), PRODUCT);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { id: _id, productId: _p, kind: _k, createdAt: _c, updatedAt: _u, ...fields } = saved;
    expect(policyUpdate(result.body)).toEqual(fields);
  });

  it('sends perpetual as no duration, whatever the count says', () => {
    const values = { ...policyFormValues(), name: 'Forever', durationCount: 'abc' };
    expect(policyRequest(values, PRODUCT)).toMatchObject({ ok: true, body: { duration: null } });
  });

  it('names the input of each refusal', () => {
    const base = { ...policyFormValues(), name: 'P' };
    expect(policyRequest({ ...base, name: ' ' }, PRODUCT)).toMatchObject({ ok: false, field: 'name' });
    expect(policyRequest({ ...base, kind: 'trial' }, PRODUCT)).toEqual({
      ok: false,
      field: 'duration',
      message: TRIAL_NEEDS_DURATION_MESSAGE,
    });
    expect(policyRequest({ ...base, durationUnit: 'month', durationCount: '0' }, PRODUCT)).toMatchObject({
      ok: false,
      field: 'duration',
      message: 'Duration must be at least 1',
    });
    expect(policyRequest({ ...base, maxActivations: '-1' }, PRODUCT)).toMatchObject({
      ok: false,
      field: 'maxActivations',
    });
    expect(policyRequest({ ...base, rules: { ...base.rules, leaseSeconds: '30' } }, PRODUCT)).toMatchObject({
      ok: false,
      field: 'leaseSeconds',
    });
    expect(policyRequest({ ...base, metadata: '[1]' }, PRODUCT)).toMatchObject({
      ok: false,
      field: 'metadata',
    });
    expect(
      policyRequest({ ...base, entitlements: [{ name: 'n', kind: 'number', value: 'x' }] }, PRODUCT),
    ).toMatchObject({ ok: false, field: 'entitlements', row: 0 });
  });

  it('maps a server refusal to its input', () => {
    expect(policyField('duration.count')).toBe('duration');
    expect(policyField('graceDays')).toBe('graceDays');
    expect(policyField('productId')).toBeUndefined();
    expect(policyField(undefined)).toBeUndefined();
  });
});
