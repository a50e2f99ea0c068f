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
 * - Concurrent misses of one name share one load (no stampede when an entry expires under load),
 *   but never one older than the TTL: a stuck query must not hold every later caller.
 * - Callers invalidate AFTER their change committed, so a load that starts later sees it.
 * - A load in flight when its name was invalidated is handed to the callers already waiting for it
 *   but never stored, and callers arriving after the invalidation start a new load.
 * - A value is stored under its name and its aliases; invalidate every name of it together.
 */
export class ReadThroughCache<V> {
  private readonly entries = new Map<string, { value: V | null; expiresAt: number }>();
  private readonly inflight = new Map<string, { loading: Promise<V | null>; startedAt: number }>();
  /** Per name, bumped by each invalidation, so a load that started before is not stored. */
  private readonly generations = new Map<string, number>();
  /** Bumped by clear() and invalidateWhere(), so no load that started before is stored. */
  private epoch = 0;

  constructor(private readonly options: ReadThroughCacheOptions) {}

  /** The value under `name`, loading it on a miss; `aliases` are other names it is stored under. */
  read(name: string, load: Load<V>, aliases?: (value: V) => string[]): Promise<V | null> {
    const now = this.now();
    const hit = this.entries.get(name);
    if (hit) {
      if (hit.expiresAt > now) return Promise.resolve(hit.value);
      this.entries.delete(name);
    }
    const shared = this.inflight.get(name);
    if (shared && now - shared.startedAt < this.options.ttlMs) return shared.loading;
    const epoch = this.epoch;
    const generation = this.generations.get(name) ?? 0;
    const loading = load().then(
      (value) => {
        if (this.inflight.get(name)?.loading === loading) this.inflight.delete(name);
        const current = this.epoch === epoch && (this.generations.get(name) ?? 0) === generation;
        if (current && (value !== null || this.options.rememberMisses)) {
          this.store([name, ...(value !== null && aliases ? aliases(value) : [])], value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.inflight.get(name)?.loading === loading) this.inflight.delete(name);
        throw error;
      },
    );
    this.inflight.set(name, { loading, startedAt: now });
    return loading;
  }

  /** A change committed: forget `names` (all names of the value), and store no load of them in flight. */
  invalidate(names: readonly string[]): void {
    for (const name of names) {
      this.generations.set(name, (this.generations.get(name) ?? 0) + 1);
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
