import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createCollectors } from './collectors.js';

const never = () => new Promise<{ rows: unknown[] }>(() => {});

describe('scrape-time collectors (decision 040)', () => {
  it('a database that never answers costs one timeout, reports collector_up 0 and no queue series', async () => {
    const registry = new Registry();
    const collectors = createCollectors(
      registry,
      { kind: 'pglite', pool: undefined, jobExecutor: { executeSql: never } },
      'pgboss',
      20,
    );
    await collectors.refresh();
    const text = await registry.metrics();
    expect(text).toContain('app_metrics_collector_up{collector="job_queue"} 0');
    expect(text).not.toMatch(/^app_job_queue_waiting\{/m);
    expect(text).toContain('app_db_pool_connections{state="total"} 1');
  });

  it('a failing query reports collector_up 0; rows become gauges per queue', async () => {
    const registry = new Registry();
    let fail = true;
    const collectors = createCollectors(
      registry,
      {
        kind: 'pglite',
        pool: undefined,
        jobExecutor: {
          executeSql: async () => {
            if (fail) throw new Error('down');
            return { rows: [{ name: 'mail.deliver', waiting: '3', active: '1', failed: '2', oldest: 42.5 }] };
          },
        },
      },
      'pgboss',
    );
    await collectors.refresh();
    expect(await registry.metrics()).toContain('app_metrics_collector_up{collector="job_queue"} 0');
    fail = false;
    await collectors.refresh();
    const text = await registry.metrics();
    expect(text).toContain('app_metrics_collector_up{collector="job_queue"} 1');
    expect(text).toContain('app_job_queue_waiting{queue="mail.deliver"} 3');
    expect(text).toContain('app_job_queue_active{queue="mail.deliver"} 1');
    expect(text).toContain('app_job_queue_failed{queue="mail.deliver"} 2');
    expect(text).toContain('app_job_queue_oldest_waiting_seconds{queue="mail.deliver"} 42.5');
  });
});
