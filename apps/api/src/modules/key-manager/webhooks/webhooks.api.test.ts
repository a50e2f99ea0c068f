import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  KEY_MANAGER_PATHS as P,
  WEBHOOK_PATHS as W,
  WEBHOOK_DISABLED_MESSAGE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_NOT_FOUND_MESSAGE,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDeliveriesResponse,
  type WebhookEventType,
  type WebhookSecretResponse,
  webhookPath,
} from '@app/contract';
import { verifyWebhookSignature, type WebhookEvent } from '@northwind/key-manager';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookEvents } from '../../../db/schema/index.js';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { describeRoleMatrix } from '../../../test/role-matrix.js';
import { WebhookReceiver } from '../../../test/webhook-receiver.js';
import { repoRoot } from '../../key-manager-sdk/java-kit.test.js';
import { newDeveloper } from '../key-manager-kit.test.js';
import { WEBHOOK_CLEANUP_JOB } from './webhook-delivery.js';

/**
 * Outbound webhooks against a real HTTP receiver: signed deliveries, retries through the job queue,
 * the delivery log, test events, redelivery, secret rolling and ownership.
 */
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startTestServer({
    env: {
      JOBS_POLL_SECONDS: '0.5',
      WEBHOOK_RETRY_LIMIT: '4',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.stop();
});

type Developer = Awaited<ReturnType<typeof newDeveloper>>;
let pathCount = 0;
const uniquePath = () => `/hook-${++pathCount}-${Date.now()}`;

async function addEndpoint(dev: Developer, events: readonly WebhookEventType[], path = uniquePath()) {
  const created = await dev.request<WebhookSecretResponse>(W.endpoints, {
    body: { url: receiver.url(path), events, description: 'test receiver' },
    token: dev.token,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { ...created.body, path };
}

/** The TypeScript receiver the docs page shows (web code: loaded by URL, typechecked by the web project). */
async function docsReceiver(): Promise<(request: Request, secret: string) => Promise<Response>> {
  const file = path.join(repoRoot, 'apps/web/src/features/developer-docs/examples/verify-webhook.ts');
  const module = (await import(pathToFileURL(file).href)) as {
    handleKeyManagerWebhook: (request: Request, secret: string) => Promise<Response>;
  };
  return module.handleKeyManagerWebhook;
}

const events = (path: string) => receiver.at(path).map((entry) => JSON.parse(entry.body) as WebhookEvent);

const deliveryLog = (dev: Developer, endpointId: string, query = '') =>
  dev.request<WebhookDeliveriesResponse>(`${webhookPath(W.deliveries, endpointId)}${query}`, {
    token: dev.token,
  });

describe('key events', () => {
  it('arrive signed with the endpoint secret, verifiable with the documented recipe', async () => {
    const dev = await newDeveloper(server);
    const all = await addEndpoint(dev, WEBHOOK_EVENT_TYPES);
    const onlyCreated = await addEndpoint(dev, ['key.created']);
    expect(all.secret).toMatch(/^whsec_/);
    expect(all.endpoint.secretHint).toBe(`whsec_…${all.secret.slice(-4)}`);

    const licence = await dev.addKey(1);
    const apiKey = await dev.apiKey();
    const call = (path: string, body: object) => dev.request(path, { body, token: apiKey });
    expect((await call(P.activateKey, { key: licence.key, fingerprint: 'laptop-1' })).status).toBe(200);
    expect((await call(P.deactivateKey, { key: licence.key, fingerprint: 'laptop-1' })).status).toBe(200);
    expect((await call(P.markKeyAsActive, { key: licence.key, isActive: false })).status).toBe(200);
    // Already disabled: no second key.disabled.
    expect((await call(P.markKeyAsActive, { key: licence.key, isActive: false })).status).toBe(200);
    expect((await call(P.markKeyAsActive, { key: licence.key, isActive: true })).status).toBe(200);
    expect((await call(P.deleteKey, { key: licence.key })).status).toBe(200);
    const apiKeys = await dev.request<{ keysInformation: { id: string }[] }>(P.getApiKeys, {
      body: {},
      token: dev.token,
    });
    const revoked = await dev.request(P.revokeApiKey, {
      body: { id: apiKeys.body.keysInformation[0]?.id },
      token: dev.token,
    });
    expect(revoked.status).toBe(200);

    const expected: WebhookEventType[] = [
      'key.created',
      'key.activated',
      'key.limit_reached',
      'key.deactivated',
      'key.disabled',
      'key.enabled',
      'key.deleted',
      'api_key.revoked',
    ];
    await eventually(async () => receiver.at(all.path).length >= expected.length);
    await eventually(async () => receiver.at(onlyCreated.path).length >= 1);
    // Anything extra (a duplicate, the second disable) would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Delivery is at least once: on a busy machine an answer can miss the 1.5 s timeout and the
    // event is sent again, with the same id (what receivers deduplicate on, as the docs say). One
    // event per change is what counts: distinct ids.
    const received = [...new Map(events(all.path).map((event) => [event.id, event])).values()];
    expect(received.map((event) => event.type).sort()).toEqual([...expected].sort());
    for (const delivery of receiver.at(all.path)) {
      const header = delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(await verifyWebhookSignature(delivery.body, header, all.secret)).toBe(true);
      expect(await verifyWebhookSignature(delivery.body, header, onlyCreated.secret)).toBe(false);
      expect(delivery.headers['content-type']).toBe('application/json');
    }
    const byType = new Map(received.map((event) => [event.type, event]));
    const activated = byType.get('key.activated');
    expect(activated).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      created: expect.any(Number),
      data: {
        key: { id: licence.id, key: licence.key, maxActivations: 1, currentActivations: 1, isActive: true },
        fingerprint: 'laptop-1',
      },
    });
    expect(byType.get('key.limit_reached')?.data).toMatchObject({ key: { currentActivations: 1 } });
    expect(byType.get('key.deleted')?.data).toMatchObject({ key: { id: licence.id } });
    expect(byType.get('api_key.revoked')?.data).toMatchObject({
      apiKey: { id: apiKeys.body.keysInformation[0]?.id, key: expect.stringMatching(/…|\*/) },
    });

    // The documented receiver accepts a real delivery with its secret, and nothing else.
    const handle = await docsReceiver();
    const [first] = receiver.at(all.path);
    const replay = (secret: string, body = first!.body) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(first!.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      return handle(new Request('http://receiver.test/', { method: 'POST', headers, body }), secret);
    };
    expect((await replay(all.secret)).status).toBe(204);
    expect((await replay(onlyCreated.secret)).status).toBe(400);
    expect((await replay(all.secret, `${first!.body} `)).status).toBe(400);

    // The second endpoint wanted key.created only: one event, the same one, its own signature.
    const created = events(onlyCreated.path);
    expect(created.map((event) => event.type)).toEqual(['key.created']);
    expect(created[0]?.id).toBe(byType.get('key.created')?.id);
    const [createdDelivery] = receiver.at(onlyCreated.path);
    expect(
      await verifyWebhookSignature(
        createdDelivery!.body,
        createdDelivery!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string,
        onlyCreated.secret,
      ),
    ).toBe(true);
  });

  it('records nothing for owners without endpoints, and nothing for disabled endpoints', async () => {
    const quiet = await newDeveloper(server);
    await quiet.addKey(1);
    const owner = await server.deps.accounts.findByEmail(quiet.email);
    const recorded = await server.database.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.ownerId, owner!.id));
    expect(recorded).toHaveLength(0);

    const dev = await newDeveloper(server);
    const endpoint = await addEndpoint(dev, ['key.created']);
    const off = await dev.request(webhookPath(W.endpoint, endpoint.endpoint.id), {
      method: 'PATCH',
      body: { enabled: false },
      token: dev.token,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ endpoint: { enabled: false } });
    await dev.addKey(1);
    const test = await dev.request(webhookPath(W.sendTest, endpoint.endpoint.id), {
      body: {},
      token: dev.token,
    });
    expect(test.status).toBe(409);
    expect(test.body).toEqual({ status: 'failed', code: 'conflict', message: WEBHOOK_DISABLED_MESSAGE });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(receiver.at(endpoint.path)).toHaveLength(0);
  });

  it('never slows the request: a hanging endpoint times out in the worker and the log says so', async () => {
    const dev = await newDeveloper(server);
    const endpoint = await addEndpoint(dev, ['key.activated']);
    const licence = await dev.addKey(0);
    const apiKey = await dev.apiKey();
    receiver.hang();
    try {
      const started = performance.now();
      const reply = await dev.request(P.activateKey, { body: { key: licence.key }, token: apiKey });
      expect(reply.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      const log = await eventually(async () => {
        const page = await deliveryLog(dev, endpoint.endpoint.id);
        return page.body.attempts.length > 0 ? page.body : undefined;
      });
      expect(log.attempts[0]).toMatchObject({
        eventType: 'key.activated',
        statusCode: null,
        succeeded: false,
        error: 'Timed out after 1500 ms',
        deliveryStatus: 'pending',
      });
    } finally {
      receiver.hang(false);
    }
  });
});

describe('retries and the delivery log', () => {
  it('retries a failing endpoint with backoff: 500 three times, then 200, and the log shows four attempts', async () => {
    const dev = await newDeveloper(server);
    const endpoint = await addEndpoint(dev, ['key.created']);
    receiver.answer(endpoint.path, 500, 500, 500);
    await dev.addKey(1);

    const log = await eventually(async () => {
      const page = await deliveryLog(dev, endpoint.endpoint.id);
      return page.body.attempts.some((attempt) => attempt.succeeded) ? page.body : undefined;
    }, 40_000);
    const attempts = [...log.attempts].reverse();
    expect(attempts.map((attempt) => attempt.attempt)).toEqual([1, 2, 3, 4]);
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 500, 200]);
    expect(attempts.map((attempt) => attempt.responseExcerpt)).toEqual([
      'failure 500',
      'failure 500',
      'failure 500',
      'thanks',
    ]);
    expect(new Set(attempts.map((attempt) => attempt.deliveryId)).size).toBe(1);
    expect(attempts.every((attempt) => attempt.deliveryStatus === 'succeeded')).toBe(true);
    expect(attempts.every((attempt) => attempt.latencyMs >= 0)).toBe(true);
    // Backoff: each wait at least doubles from 1 s.
    const times = attempts.map((attempt) => Date.parse(attempt.createdAt));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900);
    expect(times[3]! - times[2]!).toBeGreaterThanOrEqual(3_500);

    // The same event each time, and nothing after the success.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const received = events(endpoint.path);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((event) => event.id)).size).toBe(1);

    // Pages of two: newest first, then the rest, then none.
    const first = await deliveryLog(dev, endpoint.endpoint.id, '?limit=2');
    expect(first.body.attempts.map((attempt) => attempt.attempt)).toEqual([4, 3]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await deliveryLog(dev, endpoint.endpoint.id, `?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.attempts.map((attempt) => attempt.attempt)).toEqual([2, 1]);
    expect(second.body.nextCursor).toBeNull();
    expect((await deliveryLog(dev, endpoint.endpoint.id, '?cursor=bm9wZQ')).status).toBe(400);
    expect((await deliveryLog(dev, endpoint.endpoint.id, '?limit=0')).status).toBe(400);
  }, 60_000);

  it('sends a test event on request and redelivers a delivery', async () => {
    const dev = await newDeveloper(server);
    const endpoint = await addEndpoint(dev, ['key.deleted']);
    const sent = await dev.request<{ eventId: string; deliveryId: string }>(
      webhookPath(W.sendTest, endpoint.endpoint.id),
      { body: {}, token: dev.token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await eventually(async () => receiver.at(endpoint.path).length === 1);
    const [test] = events(endpoint.path);
    expect(test).toMatchObject({
      id: sent.body.eventId,
      type: 'webhook.test',
      data: { endpointId: endpoint.endpoint.id },
    });

    const again = await dev.request(webhookPath(W.redeliver, endpoint.endpoint.id, sent.body.deliveryId), {
      body: {},
      token: dev.token,
    });
    expect(again.status).toBe(200);
    await eventually(async () => receiver.at(endpoint.path).length === 2);
    expect(events(endpoint.path)[1]?.id).toBe(sent.body.eventId);
    const log = await eventually(async () => {
      const page = await deliveryLog(dev, endpoint.endpoint.id);
      return page.body.attempts.length === 2 ? page.body : undefined;
    });
    expect(log.attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [2, 200],
      [1, 200],
    ]);
  });

  it('rolls the signing secret: later deliveries verify with the new secret only', async () => {
    const dev = await newDeveloper(server);
    const endpoint = await addEndpoint(dev, ['key.created']);
    const rolled = await dev.request<WebhookSecretResponse>(webhookPath(W.rollSecret, endpoint.endpoint.id), {
      body: {},
      token: dev.token,
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).not.toBe(endpoint.secret);
    expect(rolled.body.endpoint.secretHint).toBe(`whsec_…${rolled.body.secret.slice(-4)}`);
    // The secret is never shown again.
    const listed = await dev.request(W.endpoints, { token: dev.token });
    expect(JSON.stringify(listed.body)).not.toContain(rolled.body.secret.slice(6));

    await dev.addKey(1);
    await eventually(async () => receiver.at(endpoint.path).length === 1);
    const [delivery] = receiver.at(endpoint.path);
    const header = delivery!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(await verifyWebhookSignature(delivery!.body, header, rolled.body.secret)).toBe(true);
    expect(await verifyWebhookSignature(delivery!.body, header, endpoint.secret)).toBe(false);
  });
});

describe('managing endpoints', () => {
  it('lists, changes and removes an endpoint; validates input', async () => {
    const dev = await newDeveloper(server);
    const endpoint = await addEndpoint(dev, ['key.deleted', 'key.created', 'key.created']);
    expect(endpoint.endpoint.events).toEqual(['key.created', 'key.deleted']);
    const id = endpoint.endpoint.id;
    const changed = await dev.request(webhookPath(W.endpoint, id), {
      method: 'PATCH',
      body: { events: ['api_key.revoked'], description: 'renamed' },
      token: dev.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ endpoint: { events: ['api_key.revoked'], description: 'renamed' } });
    const listed = await dev.request<{ endpoints: { id: string }[] }>(W.endpoints, { token: dev.token });
    expect(listed.body.endpoints.map((entry) => entry.id)).toEqual([id]);

    for (const body of [
      { url: 'not a url', events: ['key.created'] },
      { url: 'ftp://example.com/x', events: ['key.created'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['key.exploded'] },
      { url: 'https://example.com/x' },
      { url: 'https://example.com/x', events: ['key.created'], extra: 1 },
      { url: `https://example.com/${'x'.repeat(2001)}`, events: ['key.created'] },
      { url: 'https://user:secret@example.com/x', events: ['key.created'] },
    ]) {
      const refused = await dev.request(W.endpoints, { body, token: dev.token });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ status: 'failed' });
    }
    const empty = await dev.request(webhookPath(W.endpoint, id), {
      method: 'PATCH',
      body: {},
      token: dev.token,
    });
    expect(empty.status).toBe(400);

    const removed = await dev.request(webhookPath(W.endpoint, id), { method: 'DELETE', token: dev.token });
    expect(removed.status).toBe(200);
    const gone = await dev.request(webhookPath(W.endpoint, id), { method: 'DELETE', token: dev.token });
    expect(gone.status).toBe(404);
  });

  it('keeps each developer’s endpoints to themselves', async () => {
    const owner = await newDeveloper(server);
    const other = await newDeveloper(server);
    const endpoint = await addEndpoint(owner, ['key.created']);
    const id = endpoint.endpoint.id;
    const sent = await owner.request<{ deliveryId: string }>(webhookPath(W.sendTest, id), {
      body: {},
      token: owner.token,
    });
    const attempts = [
      other.request(webhookPath(W.endpoint, id), {
        method: 'PATCH',
        body: { enabled: false },
        token: other.token,
      }),
      other.request(webhookPath(W.endpoint, id), { method: 'DELETE', token: other.token }),
      other.request(webhookPath(W.rollSecret, id), { body: {}, token: other.token }),
      other.request(webhookPath(W.sendTest, id), { body: {}, token: other.token }),
      other.request(webhookPath(W.deliveries, id), { token: other.token }),
      other.request(webhookPath(W.redeliver, id, sent.body.deliveryId), { body: {}, token: other.token }),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ status: 'failed', code: 'not_found', message: WEBHOOK_NOT_FOUND_MESSAGE });
    }
    const theirs = await other.request<{ endpoints: unknown[] }>(W.endpoints, { token: other.token });
    expect(theirs.body.endpoints).toEqual([]);
    // The owner's endpoint still works and was not touched.
    const mine = await owner.request<{ endpoints: { enabled: boolean }[] }>(W.endpoints, {
      token: owner.token,
    });
    expect(mine.body.endpoints[0]?.enabled).toBe(true);
  });

  it('allows ten endpoints per developer', async () => {
    const dev = await newDeveloper(server);
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        dev.request(W.endpoints, {
          body: { url: receiver.url(`/limit-${index}`), events: ['key.created'] },
          token: dev.token,
        }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(10);
    const refused = replies.filter((reply) => reply.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.body).toEqual({ status: 'failed', code: 'conflict', message: WEBHOOK_LIMIT_MESSAGE });
  });
});

describe('retention', () => {
  it('deletes events older than WEBHOOK_LOG_DAYS with their deliveries and log', async () => {
    const dev = await newDeveloper(server);
    const endpoint = await addEndpoint(dev, ['key.created']);
    const sent = await dev.request<{ eventId: string }>(webhookPath(W.sendTest, endpoint.endpoint.id), {
      body: {},
      token: dev.token,
    });
    const attemptsOf = () =>
      server.database.db
        .select({ id: webhookAttempts.id })
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, endpoint.endpoint.id));
    await eventually(async () => (await attemptsOf()).length === 1);
    const eventRow = () =>
      server.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, sent.body.eventId));

    // A day short of the limit it stays; past the limit the daily clean-up removes it.
    server.clock.advance(29 * 86_400_000);
    try {
      await server.deps.jobs.enqueue(WEBHOOK_CLEANUP_JOB, {});
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await eventRow()).toHaveLength(1);
      server.clock.advance(2 * 86_400_000);
      await server.deps.jobs.enqueue(WEBHOOK_CLEANUP_JOB, {});
      await eventually(async () => (await eventRow()).length === 0);
      expect(await attemptsOf()).toHaveLength(0);
    } finally {
      server.clock.advance(-31 * 86_400_000);
    }
  });
});

const someId = '00000000-0000-4000-8000-000000000000';
describeRoleMatrix('key-manager webhooks', () => server, [
  { method: 'GET', path: W.endpoints, allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: W.endpoints,
    body: { url: 'https://example.com/hook', events: ['key.created'] },
    allowed: ['client', 'staff', 'admin'],
  },
  {
    method: 'PATCH',
    path: webhookPath(W.endpoint, someId),
    body: { enabled: false },
    allowed: ['client', 'staff', 'admin'],
  },
  { method: 'DELETE', path: webhookPath(W.endpoint, someId), allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: webhookPath(W.rollSecret, someId),
    body: {},
    allowed: ['client', 'staff', 'admin'],
  },
  { method: 'POST', path: webhookPath(W.sendTest, someId), body: {}, allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: webhookPath(W.deliveries, someId), allowed: ['client', 'staff', 'admin'] },
  {
    method: 'POST',
    path: webhookPath(W.redeliver, someId, someId),
    body: {},
    allowed: ['client', 'staff', 'admin'],
  },
]);
