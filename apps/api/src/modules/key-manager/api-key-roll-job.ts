import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import { insertAuditEvent } from '../../platform/audit/audit-trail.js';
import type { Clock } from '../../platform/clock.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { API_KEY_EXPIRING_NOTICE_MS } from './api-key-roll.js';
import { apiKeyTarget } from './api-key-service.js';
import { maskApiKey } from './secrets.js';
import type { WebhookEmitter } from './webhooks/webhook-emitter.js';

export const API_KEY_ROLL_JOB = 'key-manager.api-key-rolls';
/** Every minute: the guard already refuses a rolled key at its stop time; the job tidies after it. */
const SCHEDULE = '* * * * *';
const BATCH = 200;

interface RolledRow extends Record<string, unknown> {
  id: string;
  owner_id: string;
  name: string | null;
  prefix: string;
  last_four: string;
  expires_at: Date | string;
  last_used: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The rolled API keys' two moments (decision 037): `api_key.expiring` once when a key enters its last
 * 24 hours, and at its stop time `revoked_at` (so lists show it gone) with an `api_key.expired` audit
 * event by the system. Both read the partial index of rolled keys still open, in batches.
 */
export class ApiKeyRollJob {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly webhooks: WebhookEmitter,
    /** Writes this instance's counted calls, so `lastUsed` includes the latest ones (usage-counter.ts). */
    private readonly flushUsage: () => Promise<void> = async () => {},
  ) {}

  async run(): Promise<{ told: number; revoked: number }> {
    await this.flushUsage();
    return { told: await this.tellExpiring(), revoked: await this.revokeEnded() };
  }

  private async tellExpiring(): Promise<number> {
    let told = 0;
    for (;;) {
      const now = this.clock.now();
      const until = new Date(now.getTime() + API_KEY_EXPIRING_NOTICE_MS).toISOString();
      const due = await rawRows<{ id: string; owner_id: string }>(
        this.db,
        sql`select id, owner_id from manager_api_keys
            where expires_at is not null and revoked_at is null and expiring_notice_at is null
              and expires_at <= ${until}::timestamptz
            order by expires_at limit ${BATCH}`,
      );
      for (const key of due) {
        const announce = await this.webhooks.wants(key.owner_id, ['api_key.expiring']);
        await this.db.transaction(async (tx) => {
          const [row] = await rawRows<RolledRow>(
            tx,
            sql`update manager_api_keys set expiring_notice_at = ${now.toISOString()}::timestamptz
                where id = ${key.id}::uuid and expiring_notice_at is null
                returning id, owner_id, name, prefix, last_four, expires_at, last_used`,
          );
          if (!row || !announce) return;
          await this.webhooks.emit(tx, row.owner_id, 'api_key.expiring', {
            apiKey: { id: row.id, name: row.name, key: maskApiKey(row.prefix, row.last_four) },
            expiresAt: iso(row.expires_at),
            lastUsed: iso(row.last_used),
          });
          told++;
        });
      }
      if (due.length < BATCH) return told;
    }
  }

  private async revokeEnded(): Promise<number> {
    let revoked = 0;
    for (;;) {
      const now = this.clock.now().toISOString();
      const rows = await this.db.transaction(async (tx) => {
        const ended = await rawRows<RolledRow>(
          tx,
          sql`update manager_api_keys set revoked_at = expires_at
              where id in (select id from manager_api_keys
                where expires_at is not null and revoked_at is null and expires_at <= ${now}::timestamptz
                order by expires_at limit ${BATCH} for update skip locked)
              returning id, owner_id, name, prefix, last_four, expires_at, last_used`,
        );
        for (const row of ended) {
          await insertAuditEvent(tx, {
            accountId: row.owner_id,
            actor: null,
            area: 'key-manager',
            action: 'api_key.expired',
            target: apiKeyTarget({ name: row.name, prefix: row.prefix, lastFour: row.last_four }),
            before: { revokedAt: null },
            after: { revokedAt: iso(row.expires_at) },
            detail: { apiKeyId: row.id },
          });
        }
        return ended;
      });
      revoked += rows.length;
      if (rows.length < BATCH) return revoked;
    }
  }
}

export function defineApiKeyRolls(jobs: JobQueue, job: ApiKeyRollJob, log: FastifyBaseLogger): void {
  jobs.define<Record<string, never>>({
    name: API_KEY_ROLL_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    concurrency: 1,
    async handle() {
      const done = await job.run();
      if (done.told + done.revoked > 0) log.info(done, 'rolled API keys: notices sent and keys revoked');
    },
  });
  jobs.schedule(API_KEY_ROLL_JOB, SCHEDULE);
}
