import { describe, expect, it } from 'vitest';
import { centsInput, formatAmount, formatMoney, parseCents } from './money';

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

describe('parseCents', () => {
  it('reads amounts typed in the currency’s units as cents', () => {
    expect(parseCents('12.50')).toBe(1250);
    expect(parseCents(' 7 ')).toBe(700);
    expect(parseCents('0.5')).toBe(50);
    expect(parseCents('1,200')).toBe(120000);
    expect(parseCents('1,200.05')).toBe(120005);
    expect(parseCents('12,5')).toBe(1250);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', '12.']) expect(parseCents(text)).toBeNull();
  });

  it('writes cents back as an input', () => {
    expect(centsInput(1250)).toBe('12.50');
    expect(parseCents(centsInput(99))).toBe(99);
  });
});
