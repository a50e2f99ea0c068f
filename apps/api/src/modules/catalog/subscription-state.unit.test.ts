import { describe, expect, it } from 'vitest';
import { addTerm, deriveState, prorate, renewalStart } from './subscription-state.js';

const day = 24 * 60 * 60 * 1000;
const start = new Date('2026-01-31T12:00:00Z');

describe('deriveState', () => {
  const end = addTerm(start, 'm');

  it('is active without a period end (free and one-time plans)', () => {
    expect(deriveState(null, start)).toEqual({
      state: 'active',
      accessEndsAt: null,
      graceDaysLeft: null,
      onHold: false,
    });
  });

  it('is suspended from the moment a dispute holds it, whatever the period', () => {
    const held = new Date(start.getTime() + day);
    expect(deriveState(end, new Date(held.getTime() + 1), held)).toEqual({
      state: 'suspended',
      accessEndsAt: held,
      graceDaysLeft: 0,
      onHold: true,
    });
    expect(deriveState(null, start, held)).toMatchObject({ state: 'suspended', onHold: true });
  });

  it('walks active → grace (counting down) → suspended', () => {
    expect(deriveState(end, new Date(end.getTime() - 1)).state).toBe('active');
    expect(deriveState(end, end)).toMatchObject({ state: 'grace', graceDaysLeft: 10 });
    expect(deriveState(end, new Date(end.getTime() + 9.5 * day))).toMatchObject({
      state: 'grace',
      graceDaysLeft: 1,
    });
    expect(deriveState(end, new Date(end.getTime() + 10 * day)).state).toBe('suspended');
  });

  it('after a failed automatic renewal, stays active until the grace start, then counts 10 days from it', () => {
    const graceStartsAt = new Date(end.getTime() + 5 * day);
    const at = (ms: number) => deriveState(end, new Date(ms), null, { graceStartsAt });
    expect(at(end.getTime() + 4 * day)).toMatchObject({
      state: 'active',
      accessEndsAt: new Date(graceStartsAt.getTime() + 10 * day),
    });
    expect(at(graceStartsAt.getTime())).toMatchObject({ state: 'grace', graceDaysLeft: 10 });
    expect(at(graceStartsAt.getTime() + 10 * day - 1).state).toBe('grace');
    expect(at(graceStartsAt.getTime() + 10 * day).state).toBe('suspended');
    // A grace start before the period end never shortens the period.
    expect(deriveState(end, new Date(end.getTime() - 1), null, { graceStartsAt: start }).state).toBe(
      'active',
    );
  });

  it('canceled at period end: no grace, access ends exactly at the period end', () => {
    const canceled = (ms: number) => deriveState(end, new Date(ms), null, { cancelAtPeriodEnd: true });
    expect(canceled(end.getTime() - 1)).toMatchObject({ state: 'active', accessEndsAt: end });
    expect(canceled(end.getTime())).toMatchObject({ state: 'suspended', accessEndsAt: end });
  });
});

describe('addTerm', () => {
  it('clamps month ends and adds years', () => {
    expect(addTerm(start, 'm').toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addTerm(start, 'y').toISOString()).toBe('2027-01-31T12:00:00.000Z');
  });
});

describe('renewalStart', () => {
  const end = new Date('2026-03-01T00:00:00Z');
  it('continues from the old end within grace, and from the payment once suspended', () => {
    expect(renewalStart(end, new Date(end.getTime() + 3 * day))).toEqual(end);
    const late = new Date(end.getTime() + 11 * day);
    expect(renewalStart(end, late)).toEqual(late);
  });

  it('after dunning, the grace that counts is the one from the last failed retry', () => {
    const graceStartsAt = new Date(end.getTime() + 5 * day);
    const inGrace = new Date(end.getTime() + 12 * day);
    expect(renewalStart(end, inGrace, graceStartsAt)).toEqual(end);
    const suspended = new Date(end.getTime() + 15 * day);
    expect(renewalStart(end, suspended, graceStartsAt)).toEqual(suspended);
  });
});

describe('prorate', () => {
  const monthly = { priceCents: 1000, term: 'm' as const, isRecurring: true, isFree: false };
  it('charges the price difference for the rest of the period when terms match', () => {
    const now = new Date('2026-04-01T00:00:00Z');
    const periodEnd = new Date('2026-04-16T00:00:00Z'); // half of April left
    const result = prorate({ now, periodEnd, from: monthly, to: { ...monthly, priceCents: 3000 } });
    expect(result.periodEnd).toEqual(periodEnd);
    expect(result.amountCents).toBe(1000);
  });

  it('credits the unused month against a fresh year when the term changes', () => {
    const now = new Date('2026-04-01T00:00:00Z');
    const periodEnd = new Date('2026-04-16T00:00:00Z');
    const result = prorate({
      now,
      periodEnd,
      from: monthly,
      to: { ...monthly, term: 'y', priceCents: 10000 },
    });
    expect(result.amountCents).toBe(9500);
    expect(result.periodEnd?.toISOString()).toBe('2027-04-01T00:00:00.000Z');
  });

  it('never refunds: a cheaper plan costs 0; a free target has no period', () => {
    const now = new Date('2026-04-01T00:00:00Z');
    const periodEnd = new Date('2026-04-16T00:00:00Z');
    expect(prorate({ now, periodEnd, from: monthly, to: { ...monthly, priceCents: 100 } }).amountCents).toBe(
      0,
    );
    expect(
      prorate({ now, periodEnd, from: monthly, to: { ...monthly, priceCents: 0, isFree: true } }),
    ).toEqual({
      amountCents: 0,
      periodEnd: null,
    });
  });
});
