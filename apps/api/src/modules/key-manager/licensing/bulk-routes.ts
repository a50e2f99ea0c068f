import type { BulkPhase } from '@app/contract';
import {
  BULK_LIMITS,
  KEY_BULK_PATHS,
  keysIssuedMessage,
  ZExportKeysQuery,
  ZImportKeysRequest,
  ZImportKeysResponse,
  ZIssueKeysRequest,
  ZIssueKeysResponse,
} from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { currentAccount } from '../../../platform/auth/guard.js';
import { compiledRoutes } from '../../../platform/http/compiled-serializer.js';
import { streamProgress, wantsProgress } from '../../../platform/http/progress-stream.js';
import { dashboardContext as context } from '../dashboard-context.js';
import type { LicenceKeyCache } from '../licence-key-cache.js';
import { LicenceKeyList } from '../licence-key-list.js';
import type { KeyManagerPlans } from '../plans.js';
import { exportKeysCsv } from './bulk-export.js';
import { BulkImport } from './bulk-import.js';
import { BulkIssue, issuedKeysCsv, issuedKeysFileName } from './bulk-issue.js';
import type { KeyPolicies } from './policies.js';
import type { KeyProducts } from './products.js';

const tags = ['key-manager licensing'];
/** A progress line's fields (contract `ZBulkProgressLine` without its `type`). */
type Progress = { phase: BulkPhase; done: number; total: number };
const PROGRESS_NOTE =
  ' With `Accept: application/x-ndjson` the reply is newline-delimited JSON instead: progress lines ' +
  '(`{"type":"progress","phase","done","total"}`), then `{"type":"done","httpStatus","body"}` with the status and ' +
  'body this call would have answered; the work and its one transaction are the same.';
const security = [{ accessToken: [] }];
/** An import's JSON body: the CSV text (BULK_LIMITS.importBytes) escaped, at worst twice as long. */
const IMPORT_BODY_LIMIT = 2 * BULK_LIMITS.importBytes + 64 * 1024;

export interface BulkKeyServices {
  products: KeyProducts;
  policies: KeyPolicies;
  plans: KeyManagerPlans;
  /**
   * Not needed by these routes: they only add keys, and the cache never remembers an unknown key
   * (licence-key-cache.ts), so no entry can be stale. Kept so a later bulk change of existing keys
   * has it at hand.
   */
  cache: LicenceKeyCache;
}

/**
 * Bulk licence keys (decision 032) on the dashboard: bearer access token, the signed-in owner's keys
 * only. Issue and import write in one transaction under the plan limit; export streams CSV.
 * Replies are built from typed rows (`compiledRoutes`): an issue's JSON lists up to 10,000 keys.
 */
export const bulkKeyRoutes = (deps: AppDeps, services: BulkKeyServices): FastifyPluginAsyncZod =>
  compiledRoutes(async (app) => {
    const db = deps.database.db;
    const issuer = new BulkIssue(db, deps.clock, services.plans, services.policies);
    const importer = new BulkImport(db, deps.clock, services.plans, services.products);
    const list = new LicenceKeyList(db);
    const read = deps.guards.requireAccess('keyManager', 'read');
    const write = deps.guards.requireAccess('keyManager', 'write');
    const route = (summary: string, description: string) => ({ tags, security, summary, description });

    app.post(
      KEY_BULK_PATHS.issueKeys,
      {
        preHandler: write,
        schema: {
          ...route(
            'Issue up to 10,000 keys from a policy',
            'All in one transaction under the plan limit (409 and nothing written when the plan allows fewer). ' +
              'With `format: "csv"` the reply is text/csv (`id,key`, header row) as an attachment instead of JSON. ' +
              'No key.created webhooks are sent for bulk-issued keys.' +
              PROGRESS_NOTE,
          ),
          body: ZIssueKeysRequest,
          response: { 200: ZIssueKeysResponse },
        },
      },
      async (request, reply) => {
        if (wantsProgress(request)) {
          // The same issue, its reply in a last line after one progress line per 1,000 keys written.
          return streamProgress<Progress, unknown>(request, reply, async (report) => {
            const { keys } = await issuer.issue(context(request), request.body, (done, total) =>
              report({ phase: 'writing', done, total }),
            );
            return { status: 'ok', message: keysIssuedMessage(keys.length), count: keys.length, keys };
          });
        }
        const { keys, policy, at } = await issuer.issue(context(request), request.body);
        if (request.body.format === 'csv') {
          // The CSV form of the same reply: a file, outside the JSON schema the route declares.
          const file: FastifyReply = reply;
          return file
            .type('text/csv; charset=utf-8')
            .header('Cache-Control', 'private, no-store')
            .header('Content-Disposition', `attachment; filename="${issuedKeysFileName(policy.name, at)}"`)
            .send(issuedKeysCsv(keys));
        }
        reply.header('Cache-Control', 'private, no-store');
        return { status: 'ok' as const, message: keysIssuedMessage(keys.length), count: keys.length, keys };
      },
    );

    app.post(
      KEY_BULK_PATHS.importKeys,
      {
        preHandler: write,
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          ...route(
            'Import keys from CSV (dry run by default)',
            'A header row naming columns of IMPORT_COLUMNS, then one key per row. Every row is checked; bad rows are ' +
              'reported by line (the header is line 1). All or nothing: a dry run, or any bad row, writes nothing.' +
              PROGRESS_NOTE,
          ),
          body: ZImportKeysRequest,
          response: { 200: ZImportKeysResponse },
        },
      },
      async (request, reply) => {
        if (wantsProgress(request)) {
          return streamProgress<Progress, unknown>(request, reply, async (report) => ({
            status: 'ok',
            ...(await importer.run(context(request), request.body, (phase, done, total) =>
              report({ phase, done, total }),
            )),
          }));
        }
        return { status: 'ok' as const, ...(await importer.run(context(request), request.body)) };
      },
    );

    app.get(
      KEY_BULK_PATHS.exportKeys,
      {
        preHandler: read,
        schema: {
          ...route(
            'Export keys as CSV (streamed)',
            'text/csv with a header row (EXPORT_COLUMNS), newest first. Cells a spreadsheet would run as a formula ' +
              'start with an apostrophe. The status filter is applied to each key as it is read.',
          ),
          querystring: ZExportKeysQuery,
        },
      },
      async (request, reply) => {
        const ownerId = currentAccount(request).id;
        const query = request.query;
        // Another owner's product is a 404 here, before the 200 of a stream is under way.
        if (query.product_id) await services.products.byId(ownerId, query.product_id);
        const now = deps.clock.now();
        return reply
          .type('text/csv; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename="keys-${now.toISOString().slice(0, 10)}.csv"`)
          .send(exportKeysCsv(db, list, ownerId, query, now.getTime()));
      },
    );
  });
