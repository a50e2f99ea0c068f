export interface ReadThroughCacheOptions {
  /** How long a loaded value is served from memory. */
  ttlMs: number;
  /** When this many entries are held, the cache starts over (cheaper than an LRU, fine for hot sets). */
  maxEntries?: number;
  /** Whether a load that found nothing (null) is remembered too. */
  rememberMisses?: boolean;
  now?: () => number;
}

type Load<V> = () => Promise<V | null>;

/**
 * In-memory read-through cache for hot lookups that the database must stay the truth for.
 * - Concurrent misses of one name share one load (no stampede when an entry expires under load).
 * - Callers invalidate AFTER their change committed, so a load that starts later sees it.
 * - A load in flight when its scope was invalidated is handed to the callers already waiting for it
 *   but never stored, and callers arriving after the invalidation start a new load.
 */
export class ReadThroughCache<V> {
  private readonly entries = new Map<string, { value: V | null; expiresAt: number }>();
  private readonly inflight = new Map<string, Promise<V | null>>();
  private readonly generations = new Map<string, number>();
  /** Bumped by clear() and invalidateWhere(), so no load that started before is stored. */
  private epoch = 0;

  constructor(private readonly options: ReadThroughCacheOptions) {}

  /**
   * The value under `name`, loading it on a miss. `scope` groups names that one change can make
   * stale (an owner's keys); `aliases` are other names the loaded value is stored under.
   */
  read(name: string, scope: string, load: Load<V>, aliases?: (value: V) => string[]): Promise<V | null> {
    const hit = this.entries.get(name);
    if (hit) {
      if (hit.expiresAt > this.now()) return Promise.resolve(hit.value);
      this.entries.delete(name);
    }
    const shared = this.inflight.get(name);
    if (shared) return shared;
    const epoch = this.epoch;
    const generation = this.generations.get(scope) ?? 0;
    const loading = load().then(
      (value) => {
        if (this.inflight.get(name) === loading) this.inflight.delete(name);
        const current = this.epoch === epoch && (this.generations.get(scope) ?? 0) === generation;
        if (current && (value !== null || this.options.rememberMisses)) {
          this.store([name, ...(value !== null && aliases ? aliases(value) : [])], value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.inflight.get(name) === loading) this.inflight.delete(name);
        throw error;
      },
    );
    this.inflight.set(name, loading);
    return loading;
  }

  /** A change in `scope` committed: forget `names`, and do not store loads of the scope in flight. */
  invalidate(scope: string, names: readonly string[]): void {
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
    for (const name of names) {
      this.entries.delete(name);
      this.inflight.delete(name);
    }
    if (this.generations.size > (this.options.maxEntries ?? 10_000)) this.clear();
  }

  /** Forgets every remembered value that matches; no load in flight is stored. */
  invalidateWhere(matches: (value: V) => boolean): void {
    this.epoch += 1;
    this.inflight.clear();
    for (const [name, entry] of this.entries) {
      if (entry.value !== null && matches(entry.value)) this.entries.delete(name);
    }
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.inflight.clear();
    this.generations.clear();
  }

  private store(names: string[], value: V | null): void {
    if (this.entries.size + names.length > (this.options.maxEntries ?? 10_000)) this.clear();
    const entry = { value, expiresAt: this.now() + this.options.ttlMs };
    for (const name of names) this.entries.set(name, entry);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
