import { randomUUID } from 'node:crypto';
import { KEY_MANAGER_PATHS, OPERATIONS_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_RETENTION_JOB } from '../../modules/key-manager/usage/retention.js';
import { developerWithKeys, USAGE_TEST_ENV } from '../../modules/key-manager/usage/usage-kit.test.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text exposition as samples (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels` (0 when there is none). */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

async function scrape(server: TestServer, authorization?: string): Promise<Response> {
  return fetch(`${server.baseUrl}/metrics`, authorization ? { headers: { authorization } } : {});
}

async function samplesOf(server: TestServer): Promise<Sample[]> {
  const response = await scrape(server);
  expect(response.status).toBe(200);
  return parse(await response.text());
}

describe('/metrics on the trial server (decision 040)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...USAGE_TEST_ENV, GIT_COMMIT: 'abc1234' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is open, in the text exposition format, with build information and process metrics', async () => {
    const response = await scrape(server);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await response.text());
    const build = samples.find((sample) => sample.name === 'app_build_info');
    expect(build?.value).toBe(1);
    expect(build?.labels).toMatchObject({ commit: 'abc1234', node_version: process.version });
    expect(build?.labels.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(samples.some((sample) => sample.name.startsWith('app_nodejs_eventloop_lag'))).toBe(true);
    expect(sampleValue(samples, 'app_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'app_metrics_collector_up', { collector: 'job_queue' })).toBe(1);
  });

  it('counts each call once under its route pattern: ids in URLs make no new series', async () => {
    const route = OPERATIONS_PATHS.mailMessage;
    const labels = { method: 'GET', route, status_class: '4xx' };
    const before = sampleValue(await samplesOf(server), 'app_http_request_duration_seconds_count', labels);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      const response = await fetch(`${server.baseUrl}${route.replace(':id', id)}`);
      expect(response.status).toBe(401);
    }
    const samples = await samplesOf(server);
    expect(sampleValue(samples, 'app_http_request_duration_seconds_count', labels)).toBe(before + 3);
    expect(sampleValue(samples, 'app_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      before + 3,
    );
    const routes = samples.map((sample) => sample.labels.route ?? '');
    expect(routes).toContain(route);
    for (const id of ids) expect(routes.some((value) => value.includes(id))).toBe(false);
  });

  it('counts Key Manager validations by outcome', async () => {
    const dev = await developerWithKeys(server, 1, [1]);
    const key = dev.products[0]?.keys[0]?.key;
    const call = httpClient(server.baseUrl);
    const validate = async (body: Record<string, unknown>) => {
      const response = await call<{ code: string }>(KEY_MANAGER_PATHS.validateKey, {
        body,
        token: dev.apiKey,
      });
      return response.body.code;
    };
    const before = await samplesOf(server);
    expect(await validate({ key })).toBe('VALID');
    expect(await validate({ key })).toBe('VALID');
    const other = await validate({ key: `${key}-not-a-key` });
    expect(other).not.toBe('VALID');
    const after = await samplesOf(server);
    const count = (samples: Sample[], outcome: string) =>
      sampleValue(samples, 'app_key_manager_calls_total', { operation: 'validateKey', outcome });
    expect(count(after, 'VALID') - count(before, 'VALID')).toBe(2);
    expect(count(after, other) - count(before, other)).toBe(1);
  });

  it('reports a queued job in its queue’s gauges', async () => {
    const labels = { queue: USAGE_RETENTION_JOB };
    const before = sampleValue(await samplesOf(server), 'app_job_queue_waiting', labels);
    await server.deps.jobs.enqueue(USAGE_RETENTION_JOB, {}, { delaySeconds: 3600 });
    const after = await samplesOf(server);
    expect(sampleValue(after, 'app_job_queue_waiting', labels)).toBe(before + 1);
    // Deferred an hour: it has not waited yet.
    expect(sampleValue(after, 'app_job_queue_oldest_waiting_seconds', labels)).toBe(0);
  });
});

describe('/metrics in production (decision 040)', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  let hidden: TestServer;
  let guarded: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    hidden = await startTestServer({ env: { NODE_ENV: 'production' } });
    guarded = await startTestServer({ env: { NODE_ENV: 'production', METRICS_TOKEN: TOKEN } });
    off = await startTestServer({ env: { METRICS: 'off' } });
  });
  afterAll(async () => {
    await Promise.all([hidden?.close(), guarded?.close(), off?.close()]);
  });

  it('answers 404 without METRICS_TOKEN, even to a bearer token', async () => {
    expect((await scrape(hidden)).status).toBe(404);
    const response = await scrape(hidden, `Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 'failed', code: 'not_found' });
  });

  it('answers 401 without the token or with a wrong one, 200 with it', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
      const response = await scrape(guarded, authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.json()).toMatchObject({ status: 'failed', code: 'unauthorized' });
    }
    const response = await scrape(guarded, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(parse(await response.text()).some((sample) => sample.name === 'app_build_info')).toBe(true);
  });

  it('with METRICS=off there is no endpoint', async () => {
    expect((await scrape(off)).status).toBe(404);
    expect(off.deps.metrics.registry).toBeNull();
  });
});
