import type { AuditAction } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AuditTrail } from '../../platform/audit/audit-trail.js';
import type { ActivePortalSession } from './portal-sessions.js';

/** A licensee as the audit log names them: their email, or how a key session signed in. */
export function licenseeName(session: Pick<ActivePortalSession, 'email'>): string {
  return session.email ?? 'Licensee (key sign-in)';
}

/**
 * Records a licensee's action in the portal on the owner's audit trail, area 'portal' (decision 037).
 * Beside the action (a sign-in, a download), so a failed write is logged and never the licensee's
 * failure; a device release is recorded in its own transaction by the Key Manager.
 */
export function recordPortalAction(
  audit: AuditTrail,
  request: FastifyRequest,
  session: Pick<ActivePortalSession, 'ownerId' | 'email' | 'kind'>,
  action: AuditAction,
  target: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return audit.recordQuietly({
    accountId: session.ownerId,
    actor: null,
    actorName: licenseeName(session),
    area: 'portal',
    action,
    target,
    detail: { method: session.kind, ...detail },
    ip: request.ip ?? null,
  });
}
