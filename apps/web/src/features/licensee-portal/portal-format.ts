import { type KeyStatus, PORTAL_STRINGS, type PortalStringKey } from '@app/contract';

/** A day as the licensee's browser writes dates ("12 Mar 2027"). */
export function portalDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A moment, for "last seen". */
export function portalDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A licence's entitlements as one line ("seats: 5, pro: true"), or the strings' "None". */
export function entitlementsText(entitlements: Record<string, string | number | boolean>): string {
  const entries = Object.entries(entitlements);
  if (entries.length === 0) return PORTAL_STRINGS.noEntitlements;
  return entries.map(([name, value]) => `${name}: ${String(value)}`).join(', ');
}

const STATUS_WORDS: Record<KeyStatus, PortalStringKey> = {
  active: 'statusActive',
  trial: 'statusTrial',
  expired: 'statusExpired',
  suspended: 'statusSuspended',
  disabled: 'statusDisabled',
};

/** The word a licence's state is shown with. */
export function statusWord(status: KeyStatus): string {
  return PORTAL_STRINGS[STATUS_WORDS[status]];
}
