import { describe, expect, it } from 'vitest';
import { businessTypeLabel } from './business-type-label';

describe('businessTypeLabel', () => {
  it('writes identifier-like types as words', () => {
    expect(businessTypeLabel('RealEstate')).toBe('Real estate');
    expect(businessTypeLabel('CarRentalAgency')).toBe('Car rental agency');
    expect(businessTypeLabel('HVACServices')).toBe('HVAC services');
  });

  it('leaves a type that is already words alone', () => {
    expect(businessTypeLabel('Retail')).toBe('Retail');
    expect(businessTypeLabel('Real estate')).toBe('Real estate');
    expect(businessTypeLabel('Café & bar')).toBe('Café & bar');
  });
});
