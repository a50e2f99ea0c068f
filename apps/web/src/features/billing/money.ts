import type { Plan } from '@app/contract';
import { formatMoney } from '../../lib/money';

// Billing's screens format money with the site's one formatter (lib/money.ts), through this module.
export { formatMoney };

export function planPrice(plan: Plan): string {
  if (plan.is_free) return 'Free';
  const amount = formatMoney(plan.price, plan.currency);
  return plan.is_recurring ? `${amount} / ${plan.term === 'y' ? 'year' : 'month'}` : `${amount} once`;
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
