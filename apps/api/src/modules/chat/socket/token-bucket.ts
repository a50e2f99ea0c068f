/**
 * A token bucket in memory: `burst` tokens at most, refilled continuously at `perSecond`. Every
 * call is O(1) arithmetic, so it can run on each WebSocket frame before the frame is even parsed.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  /** Takes `cost` tokens; false (taking none) when there are fewer. `now`: monotonic milliseconds. */
  take(now: number, cost = 1): boolean {
    this.refill(now);
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** True when a `take` of `cost` now would succeed (nothing is taken). */
  available(now: number, cost = 1): boolean {
    this.refill(now);
    return this.tokens >= cost;
  }

  /** Milliseconds until the bucket is full again, i.e. until forgetting it changes nothing. */
  msUntilFull(now: number): number {
    this.refill(now);
    if (this.perSecond <= 0) return Number.POSITIVE_INFINITY;
    return Math.ceil(((this.burst - this.tokens) / this.perSecond) * 1000);
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed / 1000) * this.perSecond);
    this.updatedAt = now;
  }
}
