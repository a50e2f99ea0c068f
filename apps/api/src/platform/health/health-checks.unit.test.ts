import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { HealthChecks } from './health-checks.js';

function fakeLog() {
  const log = { warn: vi.fn(), info: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const failing = () => Promise.reject(new Error('refused'));

describe('HealthChecks', () => {
  it('is ok, degraded (a non-critical check fails) or failed (a critical one fails)', async () => {
    const { logger } = fakeLog();
    let databaseUp = true;
    const health = new HealthChecks({ log: logger, cacheMs: 0 });
    health.register('database', { critical: true, check: async () => (databaseUp ? undefined : failing()) });
    health.register('redis', { critical: false, check: failing });
    health.register('queue', { critical: false, check: async () => undefined });

    const degraded = await health.report();
    expect(degraded).toMatchObject({
      status: 'degraded',
      degraded: ['redis'],
      failed: [],
      checks: { database: { status: 'ok' }, redis: { status: 'degraded' }, queue: { status: 'ok' } },
    });
    expect(degraded.checks.database?.latencyMs).toBeGreaterThanOrEqual(0);

    databaseUp = false;
    expect(await health.report()).toMatchObject({
      status: 'failed',
      failed: ['database'],
      degraded: ['redis'],
      checks: { database: { status: 'failed' } },
    });
  });

  it('counts a check that throws synchronously or takes longer than its timeout as failing', async () => {
    const { logger } = fakeLog();
    const health = new HealthChecks({ log: logger, cacheMs: 0 });
    health.register('hanging', { critical: false, timeoutMs: 50, check: () => new Promise(() => undefined) });
    health.register('throwing', {
      critical: false,
      check: () => {
        throw new Error('not even a promise');
      },
    });
    const started = performance.now();
    const report = await health.report();
    expect(performance.now() - started).toBeLessThan(500);
    expect(report.degraded.sort()).toEqual(['hanging', 'throwing']);
    expect(report.checks.hanging?.latencyMs).toBeGreaterThanOrEqual(45);
  });

  it('runs checks in parallel', async () => {
    const { logger } = fakeLog();
    const health = new HealthChecks({ log: logger, cacheMs: 0 });
    for (const name of ['a', 'b', 'c']) health.register(name, { critical: false, check: () => pause(80) });
    const started = performance.now();
    expect((await health.report()).status).toBe('ok');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('reuses a report for cacheMs and shares one run between concurrent callers', async () => {
    const { logger } = fakeLog();
    const check = vi.fn(() => pause(20));
    const health = new HealthChecks({ log: logger, cacheMs: 150 });
    health.register('database', { critical: true, check });
    await Promise.all([health.report(), health.report(), health.report()]);
    await health.report();
    expect(check).toHaveBeenCalledTimes(1);
    await pause(170);
    await health.report();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('logs a check once when it starts failing and once when it passes again', async () => {
    const { log, logger } = fakeLog();
    let up = false;
    const health = new HealthChecks({ log: logger, cacheMs: 0 });
    health.register('smtp', { critical: false, check: async () => (up ? undefined : failing()) });
    for (let i = 0; i < 3; i++) await health.report();
    up = true;
    for (let i = 0; i < 3; i++) await health.report();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ check: 'smtp', critical: false });
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('refuses a second check under the same name', () => {
    const health = new HealthChecks({ log: fakeLog().logger });
    health.register('redis', { critical: false, check: async () => undefined });
    expect(() => health.register('redis', { critical: false, check: async () => undefined })).toThrow(
      /already registered/,
    );
  });
});
