/** Beyond this many remembered readers, entries too old to matter are swept out. */
const SWEEP_ABOVE = 10_000;

/**
 * Presence (`*_active_at`) only has to be fresher than the 60 s online window, so one write per
 * reader and room every `everyMs` is enough, however many tabs, pings and reconnects that reader has.
 */
export class PresenceThrottle {
  private readonly writtenAt = new Map<string, number>();

  constructor(private readonly everyMs: number) {}

  /** True (and remembered) when `key`'s presence should be written at `now` (app-clock ms). */
  due(key: string, now: number): boolean {
    const last = this.writtenAt.get(key);
    if (last !== undefined && now - last < this.everyMs) return false;
    if (this.writtenAt.size >= SWEEP_ABOVE) this.sweep(now);
    this.writtenAt.set(key, now);
    return true;
  }

  private sweep(now: number): void {
    for (const [key, at] of this.writtenAt) if (now - at >= this.everyMs) this.writtenAt.delete(key);
  }
}
