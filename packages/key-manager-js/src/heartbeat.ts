import { DeviceNotActivatedException } from './errors.js';
import type { KeyManager } from './key-manager.js';
import type { HeartbeatResult } from './results.js';

/** Used when the server reports a permanent lease (no heartbeat needed; beats stay cheap). */
export const PERMANENT_LEASE_INTERVAL_MS = 15 * 60_000;
/** Never beat more often than this, whatever the lease. */
export const MIN_HEARTBEAT_INTERVAL_MS = 5_000;

export interface HeartbeatOptions {
  key: string;
  fingerprint: string;
  /**
   * Time between beats. Default: a third of the key's lease as the server reports it (so two beats
   * may fail before the slot lapses), or 15 minutes for a permanent lease.
   */
  intervalMs?: number;
  /**
   * When the server says the device holds no slot any more (released, or the lease lapsed while
   * the app was offline), activate again with the same fingerprint. Default false: the app is told
   * through `onError` (a `DeviceNotActivatedException`) and decides.
   */
  reactivate?: boolean;
  /** Every successful beat. */
  onBeat?: (result: HeartbeatResult) => void;
  /** Every failed beat (the helper keeps going; call `stop()` to end it). */
  onError?: (error: unknown) => void;
}

export interface HeartbeatHandle {
  /** Ends the beats; a beat in flight finishes but schedules nothing more. Safe to call twice. */
  stop(): void;
  readonly running: boolean;
}

/**
 * A background heartbeat: beats at once, then every interval, one at a time (a slow reply delays
 * the next beat, never overlaps it). In Node the timer does not keep the process alive (`unref`).
 *
 * ```ts
 * const beat = startHeartbeat(manager, { key, fingerprint, onError: console.warn });
 * // … when the app quits or the user signs out:
 * beat.stop();
 * ```
 */
export function startHeartbeat(manager: KeyManager, options: HeartbeatOptions): HeartbeatHandle {
  if (typeof options.key !== 'string' || options.key.trim() === '')
    throw new TypeError('key must not be empty');
  if (typeof options.fingerprint !== 'string' || options.fingerprint.trim() === '') {
    throw new TypeError('fingerprint must not be empty');
  }
  if (options.intervalMs !== undefined && !(options.intervalMs > 0)) {
    throw new TypeError('intervalMs must be positive');
  }
  let running = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let interval = options.intervalMs ?? PERMANENT_LEASE_INTERVAL_MS;

  const schedule = () => {
    if (!running) return;
    timer = setTimeout(beat, interval);
    (timer as { unref?: () => void }).unref?.();
  };

  const beat = async () => {
    try {
      const result = await manager.heartbeat(options.key, options.fingerprint);
      if (options.intervalMs === undefined) interval = intervalFor(result.leaseSeconds);
      if (running) options.onBeat?.(result);
    } catch (error) {
      if (running) options.onError?.(error);
      if (running && options.reactivate && error instanceof DeviceNotActivatedException) {
        try {
          await manager.activate(options.key, options.fingerprint);
        } catch (activationError) {
          if (running) options.onError?.(activationError);
        }
      }
    }
    schedule();
  };

  void beat();
  return {
    stop() {
      running = false;
      if (timer !== undefined) clearTimeout(timer);
    },
    get running() {
      return running;
    },
  };
}

/** A third of the lease, at least MIN_HEARTBEAT_INTERVAL_MS; a permanent lease beats rarely. */
export function intervalFor(leaseSeconds: number): number {
  if (!(leaseSeconds > 0)) return PERMANENT_LEASE_INTERVAL_MS;
  return Math.max(MIN_HEARTBEAT_INTERVAL_MS, Math.floor((leaseSeconds * 1000) / 3));
}
