import {
  API_KEY_ALREADY_ROLLED_MESSAGE,
  type AuditResponse,
  type GetApiKeysResponse,
  KEY_AUDIT_PATHS,
  KEY_MANAGER_PATHS as P,
  type RollApiKeyResponse,
  WEBHOOK_PATHS,
} from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerApiKeys, webhookEvents } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { WebhookReceiver } from '../../test/webhook-receiver.js';
import { API_KEY_ROLL_JOB } from './api-key-roll-job.js';
import { freshToken } from './devices/devices-kit.test.js';
import { newDeveloper } from './key-manager-kit.test.js';

// API-key rotation with overlap (decision 037): a new key now, the old one until the overlap ends
// (the test clock moves the server's time), then 401 api_key_expired; the job revokes it.

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', JOBS_POLL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await server?.close();
  await receiver?.stop();
});

const HOUR = 3_600_000;
type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function setUp() {
  const dev = await newDeveloper(server);
  const licence = (await dev.addKey(3)).key;
  const oldKey = await dev.apiKey();
  const list = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
  const oldId = list.body.keysInformation[0]?.id;
  if (!oldId) throw new Error('no API key listed');
  const info = (token: string) => dev.request(P.getKeyInformation, { body: { key: licence }, token });
  return { dev, oldKey, oldId, info };
}

function roll(dev: Developer, id: string, overlapHours: number) {
  return dev.request<RollApiKeyResponse>(P.rollApiKey, { body: { id, overlapHours }, token: dev.token });
}

async function listed(dev: Developer) {
  const list = await dev.request<GetApiKeysResponse>(P.getApiKeys, { body: {}, token: dev.token });
  return list.body.keysInformation;
}

async function runRollJob() {
  const id = await server.deps.jobs.enqueue(API_KEY_ROLL_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(API_KEY_ROLL_JOB, id);
    if (job?.state === 'failed') throw new Error(JSON.stringify(job.output));
    return job?.state === 'completed';
  });
}

describe('rolling an API key', () => {
  // A whole flow: dozens of calls, most the first of their route on this server (each compiles its
  // schemas then); a clean-clone run at full load took past the 30 s default.
  it('keeps the old key answering for the overlap, then 401 api_key_expired; the job revokes it; the log says who rolled what', {
    timeout: 120_000,
  }, async () => {
    const { dev, oldKey, oldId, info } = await setUp();
    // The old key is remembered by the guard before the roll: the roll must reach that memory.
    expect((await info(oldKey)).status).toBe(200);
    const rolledAt = server.clock.now().getTime();
    const rolled = await roll(dev, oldId, 1);
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.key).toMatch(/^km_live_/);
    expect(rolled.body.replaces).toBe(oldId);
    expect(rolled.body.oldKeyExpiresAt).toBe(new Date(rolledAt + HOUR).toISOString());

    const keys = await listed(dev);
    const old = keys.find((key) => key.id === oldId);
    const replacement = keys.find((key) => key.id === rolled.body.id);
    expect(old).toMatchObject({ replaced_by: rolled.body.id, expires_at: rolled.body.oldKeyExpiresAt });
    expect(replacement).toMatchObject({ replaced_by: null, expires_at: null, type: 'secret' });
    expect(old?.last_used).not.toBeNull();

    expect((await info(oldKey)).status).toBe(200);
    expect((await info(rolled.body.key)).status).toBe(200);
    server.clock.advance(HOUR - 1);
    expect((await info(oldKey)).status).toBe(200);
    server.clock.advance(1);
    const refused = await info(oldKey);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status: 'failed', code: 'api_key_expired' });
    expect((refused.body as { message: string }).message).toBe(
      `This API key was replaced and stopped working on ${rolled.body.oldKeyExpiresAt.slice(0, 16).replace('T', ' ')} UTC; use the new key.`,
    );
    expect((await info(rolled.body.key)).status).toBe(200);
    // The dashboard's access token lasts 15 minutes; the clock moved an hour.
    dev.token = await freshToken(server, dev);

    // Rolling it again is refused; so is rolling another account's key (404).
    const again = await roll(dev, oldId, 1);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'failed', message: API_KEY_ALREADY_ROLLED_MESSAGE });
    const stranger = await newDeveloper(server);
    expect((await roll(stranger, rolled.body.id, 1)).status).toBe(404);

    await runRollJob();
    const [row] = await server.database.db
      .select({ revokedAt: managerApiKeys.revokedAt })
      .from(managerApiKeys)
      .where(eq(managerApiKeys.id, oldId));
    expect(row?.revokedAt?.toISOString()).toBe(rolled.body.oldKeyExpiresAt);
    expect((await listed(dev)).map((key) => key.id)).toEqual([rolled.body.id]);
    // Revoked by the job, it still says why, not "invalid".
    expect((await info(oldKey)).body).toMatchObject({ code: 'api_key_expired' });

    const log = await dev.request<AuditResponse>(KEY_AUDIT_PATHS.auditLog, {
      body: { action: 'api_key.rolled' },
      token: dev.token,
    });
    expect(log.status).toBe(200);
    expect(log.body.events).toHaveLength(1);
    const newMasked = replacement?.key;
    expect(log.body.events[0]).toMatchObject({
      area: 'key-manager',
      action: 'api_key.rolled',
      target: old?.key,
      before: { expiresAt: null, replacedBy: null },
      after: { expiresAt: rolled.body.oldKeyExpiresAt, replacedBy: newMasked },
      detail: { apiKeyId: oldId, newApiKeyId: rolled.body.id, overlapHours: 1 },
    });
    // Never the key itself.
    expect(JSON.stringify(log.body)).not.toContain(rolled.body.key);
    expect(JSON.stringify(log.body)).not.toContain(oldKey);
    const expired = await dev.request<AuditResponse>(KEY_AUDIT_PATHS.auditLog, {
      body: { action: 'api_key.expired' },
      token: dev.token,
    });
    expect(expired.body.events[0]).toMatchObject({
      actorName: 'System',
      after: { revokedAt: rolled.body.oldKeyExpiresAt },
    });
  });

  it('with no overlap the old key stops at once, also when the guard remembered it', async () => {
    const { dev, oldKey, oldId, info } = await setUp();
    expect((await info(oldKey)).status).toBe(200);
    const rolled = await roll(dev, oldId, 0);
    expect(rolled.status).toBe(200);
    expect((await info(oldKey)).body).toMatchObject({ code: 'api_key_expired' });
    expect((await info(rolled.body.key)).status).toBe(200);
  });

  it('checks the overlap: 0 to 168 whole hours', async () => {
    const { dev, oldId } = await setUp();
    for (const overlapHours of [-1, 169, 1.5]) {
      const response = await roll(dev, oldId, overlapHours);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_input', field: 'overlapHours' });
    }
  });

  it('keeps the type and the product of the old key', async () => {
    const dev = await newDeveloper(server);
    const pub = await dev.request<{ id: string }>(P.generateApiKey, {
      body: { type: 'publishable', name: 'Browser' },
      token: dev.token,
    });
    const rolled = await roll(dev, pub.body.id, 24);
    expect(rolled.body.type).toBe('publishable');
    expect(rolled.body.key).toMatch(/^km_pub_/);
    expect((await listed(dev)).find((key) => key.id === rolled.body.id)).toMatchObject({ name: 'Browser' });
  });

  it('sends api_key.rolled at the roll and api_key.expiring once, when the old key enters its last 24 hours', async () => {
    const { dev, oldKey, oldId, info } = await setUp();
    const endpoint = await dev.request<{ endpoint: { id: string } }>(WEBHOOK_PATHS.endpoints, {
      body: { url: receiver.url(`/roll-${oldId}`), events: ['api_key.rolled', 'api_key.expiring'] },
      token: dev.token,
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const owner = await server.deps.accounts.findByEmail(dev.email);
    const events = async () =>
      server.database.db
        .select({ type: webhookEvents.type, data: webhookEvents.data })
        .from(webhookEvents)
        .where(
          and(
            eq(webhookEvents.ownerId, owner?.id ?? ''),
            inArray(webhookEvents.type, ['api_key.rolled', 'api_key.expiring']),
          ),
        );
    await info(oldKey);
    const rolled = await roll(dev, oldId, 48);
    expect(await events()).toEqual([
      {
        type: 'api_key.rolled',
        data: {
          apiKey: expect.objectContaining({ id: oldId }),
          newApiKey: expect.objectContaining({ id: rolled.body.id }),
          expiresAt: rolled.body.oldKeyExpiresAt,
        },
      },
    ]);
    await runRollJob();
    expect(await events()).toHaveLength(1);
    server.clock.advance(24 * HOUR + 1);
    dev.token = await freshToken(server, dev);
    await runRollJob();
    await runRollJob();
    const expiring = (await events()).filter((event) => event.type === 'api_key.expiring');
    expect(expiring).toHaveLength(1);
    expect(expiring[0]?.data).toMatchObject({
      apiKey: { id: oldId },
      expiresAt: rolled.body.oldKeyExpiresAt,
    });
    expect(expiring[0]?.data).toHaveProperty('lastUsed', expect.any(String));

    // A short overlap is inside the last 24 hours already: both go out with the roll.
    const shortRoll = await roll(dev, rolled.body.id, 2);
    const types = (await events()).map((event) => event.type);
    expect(types.filter((type) => type === 'api_key.expiring')).toHaveLength(2);
    expect(types.filter((type) => type === 'api_key.rolled')).toHaveLength(2);
    expect(shortRoll.status).toBe(200);
  });
});
