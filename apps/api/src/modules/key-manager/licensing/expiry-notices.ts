import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { Clock } from '../../../platform/clock.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import type { WebhookEmitter } from '../webhooks/webhook-emitter.js';
import { type KeyRecordRow, keyColumns, publicInformation, toKeyRecord } from './key-record.js';

export const EXPIRY_NOTICE_JOB = 'key-manager.expiry-notices';
/** Every 5 minutes: notices are about days, not seconds. */
const SCHEDULE = '*/5 * * * *';
const BATCH = 200;

type Notice = 'key.expiring' | 'key.expired';

/**
 * `key.expiring` (the owner's notice days before) and `key.expired` webhook events (decision 032),
 * once per expiry date: each key remembers the `expires_at` it was told about, so a renewal (a new
 * date) is told again. Keys are read by the partial expiry index in batches; only owners with an
 * endpoint that wants the event are announced, the rest are marked as told.
 */
export class ExpiryNotices {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly webhooks: WebhookEmitter,
  ) {}

  async run(): Promise<number> {
    return (await this.send('key.expiring')) + (await this.send('key.expired'));
  }

  private async send(type: Notice): Promise<number> {
    let told = 0;
    for (;;) {
      const now = this.clock.now().toISOString();
      const due = await rawRows<{ id: string; owner_id: string }>(
        this.db,
        type === 'key.expired'
          ? sql`select id, owner_id from licence_keys
                where expires_at is not null and expires_at <= ${now}::timestamptz
                  and expired_notice_for is distinct from expires_at
                order by expires_at limit ${BATCH}`
          : sql`select k.id, k.owner_id from licence_keys k
                left join key_licensing_settings s on s.owner_id = k.owner_id
                where k.expires_at is not null and k.expires_at > ${now}::timestamptz
                  and k.expires_at <= ${now}::timestamptz + make_interval(days => coalesce(s.expiring_notice_days, 7))
                  and k.expiring_notice_for is distinct from k.expires_at
                order by k.expires_at limit ${BATCH}`,
      );
      // Owners without an endpoint that wants the event: their keys are marked as told in one statement.
      const quiet: string[] = [];
      for (const key of due) {
        if (await this.webhooks.wants(key.owner_id, [type])) {
          if (await this.tell(type, key.id, key.owner_id)) told++;
        } else quiet.push(key.id);
      }
      if (quiet.length > 0) await this.markTold(type, quiet);
      if (due.length < BATCH) return told;
    }
  }

  private async markTold(type: Notice, keyIds: string[]): Promise<void> {
    const marker = type === 'key.expired' ? sql.raw('expired_notice_for') : sql.raw('expiring_notice_for');
    await this.db.execute(
      sql`update licence_keys set ${marker} = expires_at
          where id = any(${sql.param(keyIds)}::uuid[]) and expires_at is not null and ${marker} is distinct from expires_at`,
    );
  }

  /** Marks one key as told under its row lock and records the event (its owner wants it). */
  private async tell(type: Notice, keyId: string, ownerId: string): Promise<boolean> {
    const marker = type === 'key.expired' ? sql.raw('expired_notice_for') : sql.raw('expiring_notice_for');
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [row] = await rawRows<KeyRecordRow>(
        db,
        sql`update licence_keys set ${marker} = expires_at
            where id = ${keyId}::uuid and expires_at is not null and ${marker} is distinct from expires_at
            returning ${keyColumns()}`,
      );
      if (!row) return false;
      const key = publicInformation(toKeyRecord(row), this.clock.now().getTime());
      await this.webhooks.emit(db, ownerId, type, { key });
      return true;
    });
  }
}

export function defineExpiryNotices(jobs: JobQueue, notices: ExpiryNotices, log: FastifyBaseLogger): void {
  jobs.define<Record<string, never>>({
    name: EXPIRY_NOTICE_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    concurrency: 1,
    async handle() {
      const told = await notices.run();
      if (told > 0) log.info({ told }, 'key expiry notices sent');
    },
  });
  jobs.schedule(EXPIRY_NOTICE_JOB, SCHEDULE);
}
