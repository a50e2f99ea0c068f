/** The longest pause: a dead endpoint still costs one attempt timeout per 10 minutes and instance. */
export const MAX_PAUSE_SECONDS = 600;

interface Pause {
  /** Timed-out attempts in a row. */
  timeouts: number;
  /** Wall-clock ms (pg-boss schedules tries by the database's clock, not the app's). */
  until: number;
}

/**
 * Endpoints that stopped answering, on this instance (decision 016, fairness). An attempt that
 * times out held a worker for the whole timeout; after one, the endpoint is paused for
 * `baseSeconds × 2^(n−1)` (n = timeouts in a row, at most 10 minutes): its deliveries that come due
 * meanwhile are recorded as not sent and retried on their own schedules, without a request. When the
 * pause is over, the next delivery tries (only one at a time: one slot per endpoint); any HTTP answer
 * ends the pause, another timeout doubles it. Keyed by endpoint and URL, so a changed URL starts afresh.
 */
export class EndpointPauses {
  private readonly pauses = new Map<string, Pause>();

  constructor(
    private readonly baseSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** When the endpoint's pause ends, or null when it may be tried now. */
  pausedUntil(endpointId: string, url: string): Date | null {
    const pause = this.pauses.get(key(endpointId, url));
    return pause && pause.until > this.now() ? new Date(pause.until) : null;
  }

  timedOut(endpointId: string, url: string): void {
    const timeouts = (this.pauses.get(key(endpointId, url))?.timeouts ?? 0) + 1;
    const seconds = Math.min(this.baseSeconds * 2 ** Math.min(timeouts - 1, 20), MAX_PAUSE_SECONDS);
    this.forgetOld();
    this.pauses.set(key(endpointId, url), { timeouts, until: this.now() + seconds * 1000 });
  }

  /** The endpoint answered (whatever the status): it is reachable again. */
  answered(endpointId: string, url: string): void {
    this.pauses.delete(key(endpointId, url));
  }

  /** Endpoints deleted or changed while paused leave entries behind; drop those long over. */
  private forgetOld(): void {
    if (this.pauses.size < 1_000) return;
    const before = this.now() - MAX_PAUSE_SECONDS * 1000;
    for (const [entry, pause] of this.pauses) if (pause.until < before) this.pauses.delete(entry);
  }
}

const key = (endpointId: string, url: string) => `${endpointId} ${url}`;
