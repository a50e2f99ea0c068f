import type { FastifyBaseLogger } from 'fastify';

/** `failed` only for a critical dependency: this instance cannot serve and should get no traffic. */
export type ReadinessStatus = 'ok' | 'degraded' | 'failed';

export interface HealthCheck {
  /** True when the instance cannot serve without it (the database); false for accelerators and helpers. */
  critical: boolean;
  /** Resolves when the dependency answers; throws (or takes longer than timeoutMs) when it does not. */
  check: () => Promise<void>;
  /** Default DEFAULT_CHECK_TIMEOUT_MS. Keep it short: load balancers time out probes in 1–5 s. */
  timeoutMs?: number;
}

export interface CheckResult {
  /** `degraded` for a failing non-critical check, `failed` for a failing critical one. */
  status: ReadinessStatus;
  latencyMs: number;
}

export interface ReadinessReport {
  status: ReadinessStatus;
  checks: Record<string, CheckResult>;
  /** Names of failing non-critical checks: the instance serves, with less (e.g. memory rate limits). */
  degraded: string[];
  /** Names of failing critical checks; the readiness probe answers 503 when this is not empty. */
  failed: string[];
}

export const DEFAULT_CHECK_TIMEOUT_MS = 1_000;
/** A flood of probes (several load balancers, many instances) reaches the dependencies at most this often. */
export const REPORT_CACHE_MS = 1_000;

interface Options {
  log: FastifyBaseLogger;
  cacheMs?: number;
}

/**
 * The one registry of dependency checks behind `GET /readyz`. Features register a check for what
 * they depend on; `report()` runs them all in parallel, each under its own timeout, and reuses a
 * report for `cacheMs` (and one in-flight run for concurrent callers). A check whose outcome
 * changes is logged once (not on every probe).
 */
export class HealthChecks {
  private readonly checks = new Map<string, HealthCheck>();
  private readonly lastOk = new Map<string, boolean>();
  private cached: { report: ReadinessReport; at: number } | undefined;
  private running: Promise<ReadinessReport> | undefined;
  private readonly log: FastifyBaseLogger;
  private readonly cacheMs: number;

  constructor(options: Options) {
    this.log = options.log;
    this.cacheMs = options.cacheMs ?? REPORT_CACHE_MS;
  }

  /** Adds a dependency check under a unique name (it becomes the key in `checks` of the report). */
  register(name: string, check: HealthCheck): void {
    if (this.checks.has(name)) throw new Error(`health check "${name}" is already registered`);
    this.checks.set(name, check);
    this.cached = undefined;
  }

  names(): string[] {
    return [...this.checks.keys()];
  }

  report(): Promise<ReadinessReport> {
    if (this.cached && performance.now() - this.cached.at < this.cacheMs) {
      return Promise.resolve(this.cached.report);
    }
    if (!this.running) {
      this.running = this.runAll().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async runAll(): Promise<ReadinessReport> {
    const entries = [...this.checks.entries()];
    const results = await Promise.all(entries.map(([name, check]) => this.runOne(name, check)));
    const checks: Record<string, CheckResult> = {};
    const degraded: string[] = [];
    const failed: string[] = [];
    results.forEach((result, index) => {
      const name = entries[index]?.[0] ?? '';
      checks[name] = result;
      if (result.status === 'degraded') degraded.push(name);
      if (result.status === 'failed') failed.push(name);
    });
    const status: ReadinessStatus = failed.length > 0 ? 'failed' : degraded.length > 0 ? 'degraded' : 'ok';
    const report = { status, checks, degraded, failed };
    this.cached = { report, at: performance.now() };
    return report;
  }

  private async runOne(name: string, check: HealthCheck): Promise<CheckResult> {
    const started = performance.now();
    let error: unknown;
    try {
      await withTimeout(Promise.resolve().then(check.check), check.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS);
    } catch (caught) {
      error = caught;
    }
    const latencyMs = Math.round(performance.now() - started);
    const ok = error === undefined;
    const wasOk = this.lastOk.get(name);
    this.lastOk.set(name, ok);
    if (!ok && wasOk !== false) {
      this.log.warn({ check: name, critical: check.critical, err: error }, 'readiness check failing');
    } else if (ok && wasOk === false) {
      this.log.info({ check: name }, 'readiness check passing again');
    }
    return { status: ok ? 'ok' : check.critical ? 'failed' : 'degraded', latencyMs };
  }
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // A late rejection after the timeout must not become an unhandled rejection.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
