import {
  KEY_MANAGER_PATHS as P,
  WEBHOOK_PATHS as W,
  type WebhookDeliveriesResponse,
  type WebhookSecretResponse,
  webhookPath,
} from '@app/contract';
import type { WebhookEvent } from '@northwind/key-manager';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../../db/raw-rows.js';
import { webhookDeliveries } from '../../../db/schema/index.js';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { WebhookReceiver } from '../../../test/webhook-receiver.js';
import { newDeveloper } from '../key-manager-kit.test.js';

/**
 * Fairness of webhook delivery (decision 016): one owner's endpoints that never answer must not
 * hold the delivery workers, so another owner's healthy endpoint gets its events within seconds.
 */
const TIMEOUT_MS = 4_000;
let server: TestServer;
let hanging: WebhookReceiver;
let healthy: WebhookReceiver;

beforeAll(async () => {
  hanging = await new WebhookReceiver().start();
  hanging.hang();
  healthy = await new WebhookReceiver().start();
  server = await startTestServer({
    env: {
      JOBS_POLL_SECONDS: '0.5',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_RETRY_DELAY_SECONDS: '5',
      WEBHOOK_RETRY_LIMIT: '10',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await hanging?.stop();
  await healthy?.stop();
});

type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function addEndpoint(dev: Developer, receiver: WebhookReceiver, path: string) {
  const created = await dev.request<WebhookSecretResponse>(W.endpoints, {
    body: { url: receiver.url(path), events: ['key.activated'] },
    token: dev.token,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.endpoint.id;
}

/** `count` key.activated events; the free plan allows 30 calls a minute per API key, so 10 per key. */
async function activations(dev: Developer, count: number) {
  const licence = await dev.addKey(0);
  const apiKeys: string[] = [];
  for (let index = 0; index < count; index++) {
    if (index % 10 === 0) apiKeys.push(await dev.apiKey());
    const reply = await dev.request(P.activateKey, {
      body: { key: licence.key },
      token: apiKeys[apiKeys.length - 1],
    });
    expect(reply.status).toBe(200);
  }
}

const distinctEvents = (receiver: WebhookReceiver, path: string) =>
  new Set(receiver.at(path).map((entry) => (JSON.parse(entry.body) as WebhookEvent).id)).size;

describe('webhook delivery is fair across owners', () => {
  it('delivers a healthy endpoint’s events within seconds while another owner’s 90 deliveries go to endpoints that never answer', async () => {
    const owner = await newDeveloper(server);
    const deadEndpoints = [
      await addEndpoint(owner, hanging, '/dead-1'),
      await addEndpoint(owner, hanging, '/dead-2'),
      await addEndpoint(owner, hanging, '/dead-3'),
    ];
    await activations(owner, 30);
    const queued = await server.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.endpointId, deadEndpoints));
    expect(queued).toHaveLength(90);

    const other = await newDeveloper(server);
    const healthyEndpoint = await addEndpoint(other, healthy, '/healthy');
    await activations(other, 30);

    // First come, first served, with every delivery to a dead endpoint holding a worker for the
    // whole timeout, the healthy endpoint would wait 90 × 4 s / 3 workers = 120 s for its first
    // event (and longer, as the dead endpoints' retries come due). 40 s is a bound for a loaded machine.
    await eventually(async () => distinctEvents(healthy, '/healthy') >= 30, 40_000);
    expect(distinctEvents(healthy, '/healthy')).toBe(30);
    // Each delivery is recorded as succeeded (at least once: on a loaded machine an answer may miss
    // the timeout, and the retry then succeeds).
    await eventually(async () => {
      const log = await other.request<WebhookDeliveriesResponse>(
        `${webhookPath(W.deliveries, healthyEndpoint)}?limit=200`,
        { token: other.token },
      );
      const succeeded = new Set(log.body.attempts.filter((a) => a.succeeded).map((a) => a.deliveryId));
      return succeeded.size === 30;
    }, 60_000);

    // Nothing of the other owner's was lost or given up: every delivery still waits for its endpoint,
    // with a job queued for its next try.
    const statuses = await server.database.db
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.endpointId, deadEndpoints));
    expect(statuses.every((delivery) => delivery.status === 'pending')).toBe(true);
    const waiting = await rawRows<{ delivery: string }>(
      server.database.db,
      sql.raw(
        `select data->>'deliveryId' as delivery from ${server.deps.jobs.schema}.job
         where name = 'webhooks.deliver' and state in ('created', 'retry', 'active')`,
      ),
    );
    const withJob = new Set(waiting.map((job) => job.delivery));
    expect(statuses.filter((delivery) => !withJob.has(delivery.id))).toEqual([]);

    // The dead endpoints' log tells what happened: real timeouts, then tries not sent while paused.
    // Awaited, not read once: when a retry comes due inside a pause depends on the backoff and on how
    // fast this machine got the healthy events through.
    await eventually(async () => {
      const deadLog = await owner.request<WebhookDeliveriesResponse>(
        `${webhookPath(W.deliveries, deadEndpoints[0] as string)}?limit=200`,
        { token: owner.token },
      );
      const errors = deadLog.body.attempts.map((attempt) => attempt.error ?? '');
      return (
        errors.includes(`Timed out after ${TIMEOUT_MS} ms`) &&
        errors.some((error) => error.startsWith('Not sent: the endpoint did not answer'))
      );
    }, 60_000);
  }, 180_000);

  it('sends the owner’s test event to a paused endpoint at once, and its waiting delivery follows once it answers', async () => {
    const flaky = await new WebhookReceiver().start();
    try {
      flaky.hang();
      const dev = await newDeveloper(server);
      const endpoint = await addEndpoint(dev, flaky, '/flaky');
      await activations(dev, 1);
      const log = () =>
        dev.request<WebhookDeliveriesResponse>(`${webhookPath(W.deliveries, endpoint)}?limit=50`, {
          token: dev.token,
        });
      const timedOut = await eventually(async () => {
        const page = await log();
        return page.body.attempts.find((attempt) => attempt.error === `Timed out after ${TIMEOUT_MS} ms`);
      });

      flaky.hang(false);
      const test = await dev.request<{ eventId: string }>(webhookPath(W.sendTest, endpoint), {
        body: {},
        token: dev.token,
      });
      expect(test.status).toBe(200);
      await eventually(async () =>
        (await log()).body.attempts.some(
          (attempt) => attempt.eventId === test.body.eventId && attempt.succeeded,
        ),
      );
      await eventually(
        async () =>
          (await log()).body.attempts.some(
            (attempt) => attempt.deliveryId === timedOut.deliveryId && attempt.succeeded,
          ),
        60_000,
      );
    } finally {
      await flaky.stop();
    }
  }, 120_000);
});
