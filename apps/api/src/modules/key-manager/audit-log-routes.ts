import { Readable } from 'node:stream';
import {
  AUDIT_CSV_MAX,
  type AuditEvent,
  KEY_AUDIT_PATHS,
  PAGE_LIMIT_MAX,
  ZKeyAuditQuery,
  ZKeyAuditResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { AuditPageQuery } from '../../platform/audit/audit-trail.js';
import { currentAccount } from '../../platform/auth/guard.js';
import { csvRecord } from '../../platform/csv/csv.js';

const tags = ['key-manager dashboard'];
const security = [{ accessToken: [] }];
const CSV_HEADER = ['time', 'area', 'actor', 'action', 'target', 'before', 'after', 'ip'] as const;

/** One CSV row of an event: before and after as JSON. */
function csvRow(event: AuditEvent): string {
  return csvRecord([
    event.createdAt,
    event.area,
    event.actorName,
    event.action,
    event.target,
    event.before ? JSON.stringify(event.before) : '',
    event.after ? JSON.stringify(event.after) : '',
    event.ip,
  ]);
}

/** The log's pages one after another, newest first, up to `AUDIT_CSV_MAX` events. */
async function* csvLines(deps: AppDeps, accountId: string, query: AuditPageQuery): AsyncGenerator<string> {
  yield csvRecord([...CSV_HEADER]);
  let cursor: string | undefined;
  let written = 0;
  do {
    const page = await deps.audit.page(accountId, { ...query, limit: PAGE_LIMIT_MAX, cursor });
    for (const event of page.events) {
      if (written >= AUDIT_CSV_MAX) return;
      yield csvRow(event);
      written++;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * The Key Manager's audit log (decision 037): the account trail's events of the areas `key-manager`
 * and `portal`, newest first, for the members who may read the Key Manager.
 */
export const keyAuditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const read = deps.guards.requireAccess('keyManager', 'read');

    app.post(
      KEY_AUDIT_PATHS.auditLog,
      {
        preHandler: read,
        schema: {
          tags,
          security,
          summary: 'The audit log: dashboard and licensee-portal actions, newest first',
          body: ZKeyAuditQuery.nullish(),
          response: { 200: ZKeyAuditResponse },
        },
      },
      async (request) => {
        const query = ZKeyAuditQuery.parse(request.body ?? {});
        const page = await deps.audit.page(currentAccount(request).id, { ...query, scope: 'key-manager' });
        return { status: 'ok' as const, ...page };
      },
    );

    app.get(
      KEY_AUDIT_PATHS.auditLogCsv,
      {
        preHandler: read,
        schema: {
          tags,
          security,
          summary: 'The audit log as CSV (same filters), newest first, at most 10,000 events',
          querystring: ZKeyAuditQuery.omit({ limit: true, cursor: true }),
        },
      },
      async (request, reply) => {
        const accountId = currentAccount(request).id;
        const query: AuditPageQuery = { ...request.query, limit: PAGE_LIMIT_MAX, scope: 'key-manager' };
        const day = deps.clock.now().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
          .send(Readable.from(csvLines(deps, accountId, query)));
      },
    );
  };
