import type { AuditAction } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTransaction } from '../../db/client.js';
import { insertAuditEvent } from '../../platform/audit/audit-trail.js';
import type { CallContext } from './call-context.js';
import { dashboardContext } from './dashboard-context.js';

export interface KeyAuditEntry {
  action: AuditAction;
  /** What it was about, in words (a key's name or masked key, a product's code). */
  target: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: Record<string, unknown>;
}

/**
 * Records a Key Manager action on the account's one audit trail (decision 037), in the writer's
 * transaction: area 'key-manager' for a member on the dashboard, 'portal' for a licensee (named by
 * their email). An application's call through the public API is not an audited action: nothing.
 */
export async function auditKeyAction(
  db: DbOrTransaction,
  ctx: CallContext,
  entry: KeyAuditEntry,
): Promise<void> {
  if (ctx.licensee) {
    await insertAuditEvent(db, {
      accountId: ctx.ownerId,
      actor: null,
      actorName: ctx.licensee.email ?? 'Licensee (key sign-in)',
      area: 'portal',
      ip: ctx.ip,
      ...entry,
    });
    return;
  }
  if (!ctx.actorName) return;
  await insertAuditEvent(db, {
    accountId: ctx.ownerId,
    actor: null,
    actorId: ctx.actorId ?? null,
    actorName: ctx.actorName,
    area: 'key-manager',
    ip: ctx.ip,
    ...entry,
  });
}

/** A licence key in words: its name, else its key string. */
export function keyTarget(row: { name: string | null; key: string }): string {
  return row.name ? `${row.name} (${row.key})` : row.key;
}

/**
 * For a store that writes in one statement of its own (webhook endpoints, policies, settings): the
 * event follows the change, in its own statement, from the dashboard call's member (decision 037).
 */
export function auditDashboardAction(db: DbOrTransaction, request: FastifyRequest, entry: KeyAuditEntry) {
  return auditKeyAction(db, dashboardContext(request), entry);
}
