/**
 * How long a worker may wait for a slot in memory: an attempt younger than this is probably to an
 * endpoint that answers quickly. Past it, the delivery goes back to the queue instead.
 */
const SHORT_WAIT_MS = 250;

export type SlotGrant = { release(): void } | { waitMs: number };

/**
 * The attempts in flight on this instance, per endpoint and per owner (decision 016, fairness).
 * One endpoint has at most `perEndpoint` attempts at a time and one owner at most `perOwner`, so an
 * owner whose endpoints hang holds at most `perOwner` of the workers and the others stay free for
 * everyone else. A delivery that finds no slot waits for one in memory for at most 250 ms (a quick
 * endpoint frees it sooner); after that it is told how long to wait in the queue instead of holding
 * a worker: twice as long as the attempt in its way has run so far, at most the attempt timeout, so
 * the wait grows while that attempt hangs.
 */
export class DeliverySlots {
  private readonly byEndpoint = new Map<string, number[]>();
  private readonly byOwner = new Map<string, number[]>();
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly limits: { perEndpoint: number; perOwner: number; timeoutMs: number },
    private readonly now: () => number = () => performance.now(),
  ) {}

  async acquire(ownerId: string, endpointId: string): Promise<SlotGrant> {
    const deadline = this.now() + SHORT_WAIT_MS;
    for (;;) {
      const blocking = this.blocking(ownerId, endpointId);
      if (!blocking) return this.take(ownerId, endpointId);
      const now = this.now();
      // The attempt that ends first is the one that started first.
      const runningFor = now - Math.min(...blocking);
      if (runningFor >= SHORT_WAIT_MS || now >= deadline) {
        return {
          waitMs: Math.round(Math.min(Math.max(2 * runningFor, SHORT_WAIT_MS), this.limits.timeoutMs)),
        };
      }
      await this.nextRelease(deadline - now);
    }
  }

  /** Attempts in flight on this instance. */
  get inFlight(): number {
    let total = 0;
    for (const starts of this.byEndpoint.values()) total += starts.length;
    return total;
  }

  private blocking(ownerId: string, endpointId: string): number[] | null {
    const endpoint = this.byEndpoint.get(endpointId);
    if (endpoint && endpoint.length >= this.limits.perEndpoint) return endpoint;
    const owner = this.byOwner.get(ownerId);
    if (owner && owner.length >= this.limits.perOwner) return owner;
    return null;
  }

  private take(ownerId: string, endpointId: string): SlotGrant {
    const started = this.now();
    this.byEndpoint.set(endpointId, [...(this.byEndpoint.get(endpointId) ?? []), started]);
    this.byOwner.set(ownerId, [...(this.byOwner.get(ownerId) ?? []), started]);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.remove(this.byEndpoint, endpointId, started);
        this.remove(this.byOwner, ownerId, started);
        for (const wake of [...this.waiters]) wake();
      },
    };
  }

  /** Resolves when any slot is released, or after `ms`. */
  private nextRelease(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(1, ms));
      this.waiters.add(wake);
    });
  }

  private remove(map: Map<string, number[]>, key: string, started: number): void {
    const starts = map.get(key);
    if (!starts) return;
    const index = starts.indexOf(started);
    if (index >= 0) starts.splice(index, 1);
    if (starts.length === 0) map.delete(key);
  }
}
