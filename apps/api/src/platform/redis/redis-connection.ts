import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long one Redis command may take before the caller falls back (rate limits: memory). */
export const REDIS_COMMAND_TIMEOUT_MS = 150;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 2_000;
/** While Redis is down, how often a PING checks whether it is back (besides ioredis' own reconnects). */
const PROBE_INTERVAL_MS = 1_000;

export type RedisAvailability = 'connecting' | 'up' | 'down';

/**
 * The one Redis client, set up to fail fast: no offline queue (a command while disconnected is
 * rejected at once instead of waiting for a reconnect), a short command timeout (a Redis that
 * accepts connections but does not answer costs at most REDIS_COMMAND_TIMEOUT_MS), and endless
 * reconnects with capped backoff. It tracks whether Redis is usable, so callers can skip it while
 * it is down, and logs each change once (not once per request or per reconnect attempt).
 */
export class RedisConnection {
  readonly client: Redis;
  private state: RedisAvailability = 'connecting';
  private probeTimer: NodeJS.Timeout | undefined;
  private lastError = 'connection closed';
  private closed = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    });
    // Each failed reconnect emits 'error'; the availability change is what operators need to see.
    this.client.on('error', (error) => {
      this.lastError = error.message;
      log.debug({ err: error }, 'redis connection error');
    });
    this.client.on('ready', () => this.markUp());
    this.client.on('close', () => this.markDown(this.lastError));
  }

  /** True while Redis answers; false while connecting for the first time or unreachable. */
  get isUp(): boolean {
    return this.state === 'up';
  }

  get availability(): RedisAvailability {
    return this.state;
  }

  /**
   * A command failed although Redis was up (a timeout on a hung connection, say): treat it as
   * down until a PING succeeds. Failures while first connecting are left to the 'close' event.
   */
  reportFailure(error: unknown): void {
    if (this.state === 'up') this.markDown(error instanceof Error ? error.message : String(error));
  }

  /** PING within the command timeout; updates availability either way (readiness check, probe). */
  async ping(): Promise<void> {
    try {
      await this.client.ping();
    } catch (error) {
      this.reportFailure(error);
      throw error;
    }
    if (this.client.status === 'ready') this.markUp();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopProbe();
    if (this.client.status === 'ready') {
      await this.client.quit().catch(() => this.client.disconnect());
    } else {
      this.client.disconnect();
    }
  }

  private markUp(): void {
    if (this.closed || this.state === 'up') return;
    const previous = this.state;
    this.state = 'up';
    this.stopProbe();
    if (previous === 'down') this.log.info('redis is reachable again: rate limits are shared through redis');
    else this.log.info('redis connected: rate limits are shared through redis');
  }

  private markDown(reason: string): void {
    if (this.closed || this.state === 'down') return;
    this.state = 'down';
    this.log.warn({ reason }, 'redis is unreachable: rate limits fall back to per-instance memory');
    this.startProbe();
  }

  /** ioredis reconnects on its own when the socket closed; a hung socket needs someone to ask. */
  private startProbe(): void {
    if (this.probeTimer) return;
    this.probeTimer = setInterval(() => {
      this.ping().catch(() => undefined);
    }, PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  private stopProbe(): void {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = undefined;
  }
}
