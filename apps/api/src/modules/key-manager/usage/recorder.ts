import { USAGE_LIMITS } from '@app/contract';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../platform/clock.js';
import { writeUsage } from './flush.js';
import type { PendingCell, PendingDevice, PendingLogRow, PendingUsage } from './pending.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Log rows held while the database is unreachable; beyond this they are dropped (and counted). */
const MAX_PENDING_LOG_ROWS = 200_000;
const USER_AGENT_MAX = 300;
const SEP = '\u001f';

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/**
 * Counts public calls in memory (decision 037): one map increment per call into its hourly cell, one
 * request-log row, and the device of a call that names a fingerprint. Everything is written by one
 * flush every few seconds (flush.ts), put back when the write fails, and written on close.
 */
export class UsageRecorder {
  private cells = new Map<string, PendingCell>();
  private devices = new Map<string, PendingDevice>();
  private log: PendingLogRow[] = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
    private readonly options: {
      intervalMs: number;
      /** The country of a call, when a trusted proxy names it. */
      countryOf: (request: FastifyRequest) => string | null;
      /** Also counts the call by operation and outcome (Prometheus, decision 040); absent: nothing. */
      observe?: ((operation: string, outcome: string) => void) | undefined;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.intervalMs);
    this.timer.unref();
  }

  /** The public plugin's onResponse hook: counts the call its guard marked. No await, no I/O. */
  record(request: FastifyRequest, reply: FastifyReply): void {
    const mark = request.keyUsage;
    if (!mark) return;
    const status = reply.statusCode;
    const outcome = status < 400 ? (mark.outcome ?? 'ok') : (reply.failureCode ?? String(status));
    this.options.observe?.(mark.operation, outcome);
    const body = request.body as Record<string, unknown> | null | undefined;
    let keyRef = '';
    let platform: string | null = null;
    let appVersion: string | null = null;
    let fingerprint: string | null = null;
    if (body && typeof body === 'object') {
      if (typeof body.key === 'string') keyRef = `k:${body.key}`;
      else if (typeof body.id === 'string') keyRef = `i:${body.id.toLowerCase()}`;
      platform = text(body.platform, USAGE_LIMITS.platformMax);
      appVersion = text(body.appVersion, USAGE_LIMITS.appVersionMax);
      fingerprint = text(body.fingerprint, 512);
    }
    const at = this.clock.now().getTime();
    const hour = at - (at % HOUR_MS);
    const { ownerId, apiKeyId, productId, operation } = mark;
    const name =
      hour +
      SEP +
      ownerId +
      SEP +
      apiKeyId +
      SEP +
      operation +
      SEP +
      outcome +
      SEP +
      keyRef +
      SEP +
      platform +
      SEP +
      appVersion;
    const cell = this.cells.get(name);
    if (cell) cell.n += 1;
    else {
      this.cells.set(name, {
        hour,
        ownerId,
        apiKeyId,
        productId,
        operation,
        outcome,
        keyRef,
        platform,
        appVersion,
        n: 1,
      });
    }
    if (fingerprint) {
      const day = at - (at % DAY_MS);
      const device = day + SEP + ownerId + SEP + apiKeyId + SEP + keyRef + SEP + fingerprint;
      if (!this.devices.has(device)) {
        this.devices.set(device, { day, ownerId, apiKeyId, productId, keyRef, fingerprint });
      }
    }
    if (this.log.length >= MAX_PENDING_LOG_ROWS) {
      this.dropped += 1;
      return;
    }
    const userAgent = request.headers['user-agent'];
    this.log.push({
      at,
      ownerId,
      operation,
      keyRef,
      apiKeyId,
      productId,
      outcome,
      status,
      latencyMs: Math.round(reply.elapsedTime * 100) / 100,
      ip: request.ip ?? null,
      userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      country: this.options.countryOf(request),
      platform,
      appVersion,
    });
  }

  /** Writes everything counted so far; flushes are serialised so batches never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.cells.size === 0 && this.log.length === 0) return;
    const batch: PendingUsage = { cells: this.cells, devices: this.devices, log: this.log };
    this.cells = new Map();
    this.devices = new Map();
    this.log = [];
    if (this.dropped > 0) {
      this.logger.warn(
        { dropped: this.dropped },
        'key-manager request log rows dropped while the database was unreachable',
      );
      this.dropped = 0;
    }
    try {
      await writeUsage(this.db, batch);
    } catch (error) {
      this.putBack(batch);
      this.logger.warn({ err: error }, 'key-manager analytics flush failed; will retry');
    }
  }

  /** A failed batch waits for the next flush, merged with what was counted meanwhile. */
  private putBack(batch: PendingUsage): void {
    for (const [name, cell] of batch.cells) {
      const now = this.cells.get(name);
      if (now) now.n += cell.n;
      else this.cells.set(name, cell);
    }
    for (const [name, device] of batch.devices) if (!this.devices.has(name)) this.devices.set(name, device);
    const room = Math.max(0, MAX_PENDING_LOG_ROWS - this.log.length);
    this.dropped += Math.max(0, batch.log.length - room);
    this.log = batch.log.slice(0, room).concat(this.log);
  }
}
