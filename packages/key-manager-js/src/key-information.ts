/**
 * A key's information read out of a reply (get-key-information, activate, heartbeat, the licensing
 * operations all carry it at the top level; validate-key under `key`). Only the known fields are
 * kept, so the type says exactly what the object holds.
 */

import { KeyManagerException } from './errors.js';
import type { Customer, KeyStatus, PublicKeyInformation } from './wire-types.js';

const STATUSES: readonly KeyStatus[] = ['active', 'trial', 'expired', 'suspended', 'disabled'];

/** The key's information, or null when the reply has none (delete's reply). */
export function pickKeyInformation(reply: unknown): PublicKeyInformation | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const r = reply as Partial<Record<keyof PublicKeyInformation, unknown>>;
  if (typeof r.id !== 'string' || typeof r.maxActivations !== 'number') return null;
  const isActive = r.isActive === true;
  const information: PublicKeyInformation = {
    id: r.id,
    key: String(r.key ?? ''),
    maxActivations: r.maxActivations,
    currentActivations: Number(r.currentActivations ?? 0),
    isActive,
    // A reply without licensing's fields (an older server) gets what such keys
    // were, in the new words: usable and perpetual, in the default product.
    keyStatus: STATUSES.includes(r.keyStatus as KeyStatus)
      ? (r.keyStatus as KeyStatus)
      : isActive
        ? 'active'
        : 'disabled',
    expiresAt: typeof r.expiresAt === 'string' ? r.expiresAt : null,
    product: typeof r.product === 'string' ? r.product : 'default',
    trial: r.trial === true,
    entitlements: isPlainObject(r.entitlements)
      ? (r.entitlements as PublicKeyInformation['entitlements'])
      : {},
    metadata: isPlainObject(r.metadata) ? (r.metadata as Record<string, unknown>) : {},
  };
  if (isPlainObject(r.customer)) information.customer = pickCustomer(r.customer);
  return information;
}

/** The same, for a reply that must carry it. */
export function requireKeyInformation(reply: unknown): PublicKeyInformation {
  const information = pickKeyInformation(reply);
  if (!information) {
    throw new KeyManagerException(`Unexpected reply from the Key Manager: ${JSON.stringify(reply)}`, 200);
  }
  return information;
}

function pickCustomer(value: Record<string, unknown>): Customer {
  const text = (field: unknown) => (typeof field === 'string' ? field : null);
  return { name: text(value.name), email: text(value.email), ref: text(value.ref) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
