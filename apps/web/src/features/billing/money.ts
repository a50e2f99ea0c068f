import type { Plan } from '@app/contract';

/** Integer cents to a currency string, e.g. 900 → "$9.00". */
export function formatMoney(cents: number, currency = 'usd'): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });
}

export function planPrice(plan: Plan): string {
  if (plan.is_free) return 'Free';
  const amount = formatMoney(plan.price, plan.currency);
  return plan.is_recurring ? `${amount} / ${plan.term === 'y' ? 'year' : 'month'}` : `${amount} once`;
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
