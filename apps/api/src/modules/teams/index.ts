import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { defineAuditRetention } from '../../platform/audit/audit-retention.js';
import { invitationRoutes } from './invitation-routes.js';
import { TeamInvites } from './invites.js';
import { TeamMembers } from './members.js';
import { teamRoutes } from './routes.js';
import type { SessionControl } from './session-control.js';

/**
 * Teams (decision 033): accounts with members, roles, invitations, the switcher and the audit trail.
 * Called once per app by featureRoutes(), with the accounts feature's sessions as SessionControl.
 */
export function teamsFeature(deps: AppDeps, sessions: SessionControl): FastifyPluginAsyncZod {
  const db = deps.database.db;
  const members = new TeamMembers(db, deps.clock, deps.audit, sessions);
  const invites = new TeamInvites(db, deps.clock, deps.audit, members, sessions, {
    mailer: deps.mailer,
    brandName: deps.config.BRAND_NAME,
    base: publicUrl(deps.config),
  });
  // The trail keeps a year (decision 037): a daily job deletes older events in batches.
  defineAuditRetention(deps.jobs, db, deps.clock, deps.log);
  return async (app) => {
    await app.register(teamRoutes(deps, members, invites));
    await app.register(invitationRoutes(deps, invites));
  };
}
