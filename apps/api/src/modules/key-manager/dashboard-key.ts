import type { DashboardKey, KeyStatus } from '@app/contract';
import type { LicenceKeyRow } from '../../db/schema/index.js';

/** A key's status at `nowMs` from its dashboard fields (the same rule as licensing/key-record.ts). */
export function dashboardStatus(
  key: Pick<DashboardKey, 'is_active' | 'suspended' | 'trial' | 'expires_at'>,
  nowMs: number,
): KeyStatus {
  if (!key.is_active) return 'disabled';
  if (key.suspended) return 'suspended';
  if (key.expires_at !== null && nowMs >= Date.parse(key.expires_at)) return 'expired';
  return key.trial ? 'trial' : 'active';
}

/** A licence-key row as the dashboard shows it (docs/product-contract.md §Entities field names, plus licensing). */
export function toDashboard(row: LicenceKeyRow, now: Date): DashboardKey {
  const key = {
    id: row.id,
    key: row.key,
    is_active: row.isActive,
    max_activations: row.maxActivations,
    current_activations: row.currentActivations,
    name: row.name,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    product_id: row.productId,
    policy_id: row.policyId,
    expires_at: row.expiresAt?.toISOString() ?? null,
    suspended: row.suspended,
    trial: row.trial,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_ref: row.customerRef,
  };
  return { ...key, status: dashboardStatus(key, now.getTime()) };
}
