/**
 * The last-seen-time guard: the latest moment the owner's own signatures have proved (a signed
 * reply's `signedAt`, a verified certificate's `issuedAt`). Real time never runs backwards, so a
 * device clock earlier than that by more than the tolerance was turned back — the usual trick to
 * keep an expired certificate or trial alive offline.
 *
 * Keep it across runs: save `lastSeenAt` (or use `onAdvance`) and pass it back to the constructor.
 * A guard restored from storage is only as strong as that storage; it stops the casual trick.
 */

/** Default allowance for a device clock that is off a little, either way: 5 minutes. */
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 300;

export interface ClockGuardOptions {
  /** The value saved from a previous run (a `Date`, ISO text or Unix milliseconds), or null. */
  lastSeenAt?: Date | string | number | null;
  /** How far behind `lastSeenAt` the clock may be before it counts as turned back. Default 300. */
  toleranceSeconds?: number;
  /** Called whenever `lastSeenAt` moves forward: persist it there. */
  onAdvance?: (lastSeenAt: Date) => void;
}

export class ClockGuard {
  readonly toleranceSeconds: number;
  #lastSeenMs: number | null = null;
  readonly #onAdvance: ((lastSeenAt: Date) => void) | undefined;

  constructor(options: ClockGuardOptions = {}) {
    const tolerance = options.toleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
    if (!(tolerance >= 0)) throw new TypeError('toleranceSeconds must be 0 or more');
    this.toleranceSeconds = tolerance;
    this.#onAdvance = options.onAdvance;
    if (options.lastSeenAt != null) this.restore(options.lastSeenAt);
  }

  /** The latest proven time, or null before the first signed reply or verified certificate. */
  get lastSeenAt(): Date | null {
    return this.#lastSeenMs === null ? null : new Date(this.#lastSeenMs);
  }

  /**
   * Takes a saved value back (from a previous run). It never moves the guard backwards: the later
   * of the two is kept. Throws `TypeError` for a value that is not a time.
   */
  restore(lastSeenAt: Date | string | number): void {
    const ms = new Date(lastSeenAt).getTime();
    if (!Number.isFinite(ms)) throw new TypeError(`lastSeenAt is not a time: ${String(lastSeenAt)}`);
    this.#advance(ms, false);
  }

  /** Records a time the owner's signature proved. Only the SDK's verifiers should call it. */
  observe(provenAt: Date): void {
    const ms = provenAt.getTime();
    if (Number.isFinite(ms)) this.#advance(ms, true);
  }

  /** True when `nowMs` (default: the device clock) is before `lastSeenAt` by more than the tolerance. */
  isTurnedBack(nowMs: number = Date.now()): boolean {
    return this.#lastSeenMs !== null && nowMs < this.#lastSeenMs - this.toleranceSeconds * 1000;
  }

  #advance(ms: number, notify: boolean): void {
    if (this.#lastSeenMs !== null && ms <= this.#lastSeenMs) return;
    this.#lastSeenMs = ms;
    if (notify) this.#onAdvance?.(new Date(ms));
  }
}
