import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type EventBus, MAX_EVENT_BYTES } from '../../platform/events/index.js';
import type { LicenceKeyCache, LicenceKeyChange } from './licence-key-cache.js';

export const LICENCE_KEYS_CHANGED_TOPIC = 'key-manager.licence-keys-changed';
const ZLicenceKeysChanged = z.object({
  changes: z.array(z.object({ ownerId: z.string(), id: z.string(), key: z.string() })),
});

/** At most one event per this interval per instance, whatever the write rate. */
export const CHANGE_FEED_INTERVAL_MS = 10;

/**
 * Carries licence-key changes between instances so their caches drop stale entries. Changes are
 * batched: the first change after a quiet interval is published at once, later ones ride in one
 * event at most every CHANGE_FEED_INTERVAL_MS. (Measured: a NOTIFY per write cost a third of the
 * activation throughput; see docs/performance.md.) Each instance also hears its own events, which
 * only forgets entries it already forgot.
 */
export class LicenceKeyChangeFeed {
  private pending = new Map<string, LicenceKeyChange>();
  private timer: NodeJS.Timeout | null = null;
  private lastPublishedAt = 0;
  private publishing: Promise<void> = Promise.resolve();
  private stopped = false;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts forgetting, in `cache`, what other instances report. */
  listen(cache: LicenceKeyCache): void {
    this.stopListening = this.bus.subscribe(LICENCE_KEYS_CHANGED_TOPIC, (data) => {
      const event = ZLicenceKeysChanged.safeParse(data);
      if (!event.success) return;
      for (const change of event.data.changes) cache.forget(change);
    });
  }

  /** Queues a committed change for the other instances. */
  readonly add = (change: LicenceKeyChange): void => {
    if (this.stopped) return;
    this.pending.set(change.id, { ownerId: change.ownerId, id: change.id, key: change.key });
    if (this.timer) return;
    const wait = Math.max(0, this.lastPublishedAt + CHANGE_FEED_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  };

  /** Publishes what is queued and waits for every publish started so far (before the bus closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Publishes are chained, so they never overlap and stop() can wait for the last one. */
  private flush(): Promise<void> {
    this.publishing = this.publishing.then(() => this.publish());
    return this.publishing;
  }

  private async publish(): Promise<void> {
    if (this.pending.size === 0) return;
    const changes = [...this.pending.values()];
    this.pending = new Map();
    this.lastPublishedAt = Date.now();
    for (const batch of fitInEvents(changes)) {
      try {
        await this.bus.publish(LICENCE_KEYS_CHANGED_TOPIC, { changes: batch });
      } catch (error) {
        // Other instances then hold the old entry until it expires (KEY_INFO_CACHE_TTL_MS).
        this.log.warn({ err: error }, 'licence-key change feed could not publish');
      }
    }
  }
}

/** Splits changes into events that stay under the bus's size limit. */
export function fitInEvents(changes: LicenceKeyChange[]): LicenceKeyChange[][] {
  const budget = MAX_EVENT_BYTES - 200;
  const batches: LicenceKeyChange[][] = [];
  let batch: LicenceKeyChange[] = [];
  let size = 0;
  for (const change of changes) {
    const bytes = Buffer.byteLength(JSON.stringify(change)) + 1;
    if (batch.length > 0 && size + bytes > budget) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(change);
    size += bytes;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
