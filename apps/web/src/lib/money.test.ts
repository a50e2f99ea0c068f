import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money';

describe('money', () => {
  it('shows cents with the currency symbol and two decimals', () => {
    expect(formatMoney(2900, 'usd')).toBe('$29.00');
    expect(formatMoney(2000, 'USD')).toBe('$20.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(1250, 'eur')).toBe('€12.50');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
  });

  it('shows amounts in whole units the same way', () => {
    expect(formatAmount(350000, 'usd')).toBe('$350,000.00');
    expect(formatAmount(19.5)).toBe('$19.50');
  });

  it('keeps a code Intl does not know rather than failing', () => {
    expect(formatMoney(1000, 'points')).toBe('10.00 POINTS');
  });
});
