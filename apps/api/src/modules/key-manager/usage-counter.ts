import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';

interface Pending {
  count: number;
  lastUsed: Date;
}

/**
 * Counts public REST calls per API key in memory and writes them in one batched UPDATE every few
 * seconds, so a call never waits on a database write for its bookkeeping. Readers add `pending()`
 * to the stored figures, so this instance's dashboard is exact at once.
 */
export class UsageCounter {
  private pendingByKey = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 2000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  record(apiKeyId: string, at: Date): void {
    const entry = this.pendingByKey.get(apiKeyId);
    if (entry) {
      entry.count += 1;
      if (at > entry.lastUsed) entry.lastUsed = at;
    } else {
      this.pendingByKey.set(apiKeyId, { count: 1, lastUsed: at });
    }
  }

  pending(apiKeyId: string): Pending | undefined {
    return this.pendingByKey.get(apiKeyId);
  }

  /** Writes everything counted so far; calls are serialised so batches never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.pendingByKey.size === 0) return;
    const batch = this.pendingByKey;
    this.pendingByKey = new Map();
    const values = sql.join(
      [...batch].map(
        ([id, p]) => sql`(${id}::uuid, ${p.count}::bigint, ${p.lastUsed.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    try {
      await this.db.execute(sql`
        update manager_api_keys as k
        set requests_made = k.requests_made + v.n,
            last_used = greatest(k.last_used, v.t)
        from (values ${values}) as v(id, n, t)
        where k.id = v.id`);
    } catch (error) {
      // Put the counts back so the next flush retries them rather than losing them.
      for (const [id, p] of batch) {
        const entry = this.pendingByKey.get(id);
        if (entry) {
          entry.count += p.count;
          if (p.lastUsed > entry.lastUsed) entry.lastUsed = p.lastUsed;
        } else this.pendingByKey.set(id, p);
      }
      this.log.warn({ err: error }, 'key-manager usage flush failed; will retry');
    }
  }
}
