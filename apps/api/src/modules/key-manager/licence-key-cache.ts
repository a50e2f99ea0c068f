import { ReadThroughCache } from '../../platform/cache/read-through-cache.js';
import type { KeyRef } from './call-context.js';
import type { KeyRecord } from './licensing/key-record.js';

/**
 * How long a licence key's information is served from memory. Changes made through this instance
 * drop it at once; changes made on other instances arrive through the EventBus within tens of
 * milliseconds (licence-key-change-feed.ts). The TTL bounds staleness when an event is lost (the
 * bus's connection dropped) or a key changes outside this module (cascades from deleting a user).
 */
export const KEY_INFO_CACHE_TTL_MS = 1000;

/** Names one licence key in both ways a caller can refer to it. */
export interface LicenceKeyChange {
  ownerId: string;
  id: string;
  key: string;
}

/**
 * `get-key-information`'s cache (decision 012): entries per owner, under the key and under the id,
 * so another owner's key never comes from it. Unknown keys are not remembered.
 */
export class LicenceKeyCache {
  private readonly cache: ReadThroughCache<KeyRecord>;

  constructor(
    private readonly options: {
      /** Told about every change committed through this instance (the feed tells the others). */
      onChange?: (change: LicenceKeyChange) => void;
      ttlMs?: number;
      now?: () => number;
    } = {},
  ) {
    this.cache = new ReadThroughCache({
      ttlMs: options.ttlMs ?? KEY_INFO_CACHE_TTL_MS,
      maxEntries: 50_000,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  read(ownerId: string, ref: KeyRef, load: () => Promise<KeyRecord | null>) {
    // Ids are UUIDs, which the database matches in any letter case.
    const name =
      ref.key !== undefined ? byKey(ownerId, ref.key) : byId(ownerId, (ref.id ?? '').toLowerCase());
    return this.cache.read(name, load, (info) => [byKey(ownerId, info.key), byId(ownerId, info.id)]);
  }

  /** A change to this key committed here: forget it, and let the other instances know. */
  invalidate(change: LicenceKeyChange): void {
    this.forget(change);
    this.options.onChange?.(change);
  }

  /** Forgets a key (by both of its names), e.g. when another instance reports a change. */
  forget({ ownerId, id, key }: LicenceKeyChange): void {
    this.cache.invalidate([byKey(ownerId, key), byId(ownerId, id)]);
  }
}

const byKey = (ownerId: string, key: string) => `${ownerId} k ${key}`;
const byId = (ownerId: string, id: string) => `${ownerId} i ${id}`;
