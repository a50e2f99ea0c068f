import type { DashboardKey } from '@app/contract';
import type { LicenceKeyRow } from '../../db/schema/index.js';

/** A licence-key row as the dashboard shows it (docs/product-contract.md §Entities field names). */
export function toDashboard(row: LicenceKeyRow): DashboardKey {
  return {
    id: row.id,
    key: row.key,
    is_active: row.isActive,
    max_activations: row.maxActivations,
    current_activations: row.currentActivations,
    name: row.name,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
