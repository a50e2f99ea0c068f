import type { PublicKeyInformation } from '@app/contract';
import type { KeyRef } from './key-operations.js';

/**
 * How long a licence key's information is served from memory. Changes made through this instance
 * drop it at once; changes made on other instances arrive through the EventBus within tens of
 * milliseconds (licence-key-change-feed.ts). The TTL bounds staleness when an event is lost (the
 * bus's connection dropped) or a key changes outside this module (cascades from deleting a user).
 */
export const KEY_INFO_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 50_000;

/** Names one licence key in both ways a caller can refer to it. */
export interface LicenceKeyChange {
  ownerId: string;
  id: string;
  key: string;
}

type Load = () => Promise<PublicKeyInformation | null>;

/**
 * Read-through cache for `get-key-information`, the hottest public call: a hit costs no database
 * round trip. Correctness rules:
 * - callers invalidate AFTER their write committed, so a read that starts later sees the new row;
 * - a load that was in flight when its owner's keys were invalidated is returned to its callers
 *   but not stored (per-owner generation), and later readers do not join it;
 * - concurrent misses for one key share one load.
 */
export class LicenceKeyCache {
  private readonly entries = new Map<string, { info: PublicKeyInformation; expiresAt: number }>();
  private readonly inflight = new Map<string, Promise<PublicKeyInformation | null>>();
  private readonly generations = new Map<string, number>();
  /** Bumped when the maps are cleared, so generations captured before never match again. */
  private epoch = 0;

  constructor(
    private readonly options: {
      /** Told about every change committed through this instance (the feed tells the others). */
      onChange?: (change: LicenceKeyChange) => void;
      ttlMs?: number;
      now?: () => number;
    } = {},
  ) {}

  private get now(): () => number {
    return this.options.now ?? Date.now;
  }

  read(ownerId: string, ref: KeyRef, load: Load): Promise<PublicKeyInformation | null> {
    // Ids are UUIDs, which the database matches in any letter case.
    const name =
      ref.key !== undefined ? byKey(ownerId, ref.key) : byId(ownerId, (ref.id ?? '').toLowerCase());
    const hit = this.entries.get(name);
    if (hit) {
      if (hit.expiresAt > this.now()) return Promise.resolve(hit.info);
      this.entries.delete(name);
    }
    const shared = this.inflight.get(name);
    if (shared) return shared;
    const epoch = this.epoch;
    const generation = this.generations.get(ownerId) ?? 0;
    const loading = load().then(
      (info) => {
        if (this.inflight.get(name) === loading) this.inflight.delete(name);
        const unchanged = this.epoch === epoch && (this.generations.get(ownerId) ?? 0) === generation;
        if (info && unchanged) this.store(ownerId, info);
        return info;
      },
      (error: unknown) => {
        if (this.inflight.get(name) === loading) this.inflight.delete(name);
        throw error;
      },
    );
    this.inflight.set(name, loading);
    return loading;
  }

  /** A change to this key committed here: forget it, and let the other instances know. */
  invalidate(change: LicenceKeyChange): void {
    this.forget(change);
    this.options.onChange?.(change);
  }

  /** Forgets a key (by both of its names). */
  forget({ ownerId, id, key }: LicenceKeyChange): void {
    this.generations.set(ownerId, (this.generations.get(ownerId) ?? 0) + 1);
    for (const name of [byKey(ownerId, key), byId(ownerId, id)]) {
      this.entries.delete(name);
      this.inflight.delete(name);
    }
    if (this.generations.size > MAX_ENTRIES) this.clear();
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.inflight.clear();
    this.generations.clear();
  }

  private store(ownerId: string, info: PublicKeyInformation): void {
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    const entry = { info, expiresAt: this.now() + (this.options.ttlMs ?? KEY_INFO_CACHE_TTL_MS) };
    this.entries.set(byKey(ownerId, info.key), entry);
    this.entries.set(byId(ownerId, info.id), entry);
  }
}

const byKey = (ownerId: string, key: string) => `${ownerId} k ${key}`;
const byId = (ownerId: string, id: string) => `${ownerId} i ${id}`;
