import {
  type AuditResponse,
  KEY_AUDIT_PATHS,
  KEY_PRODUCT_PATHS,
  keyProductPath,
  KEY_MANAGER_PATHS as P,
  WEBHOOK_PATHS,
  webhookPath,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuditEvents } from '../../db/schema/index.js';
import { AUDIT_RETENTION_JOB } from '../../platform/audit/audit-retention.js';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { newTeam } from '../teams/teams-kit.test.js';
import { freshToken } from './devices/devices-kit.test.js';
import { newDeveloper } from './key-manager-kit.test.js';

// The Key Manager's audit log (decision 037): one trail with the account's, read for the dashboard
// and the portal, with each change's fields before → after.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type Developer = Awaited<ReturnType<typeof newDeveloper>>;

async function auditLog(dev: Pick<Developer, 'request' | 'token'>, body: object = {}) {
  const response = await dev.request<AuditResponse>(KEY_AUDIT_PATHS.auditLog, { body, token: dev.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.events;
}

describe('the Key Manager audit log', () => {
  it('records a licence key’s creation and a change with exactly the changed fields before → after', async () => {
    const dev = await newDeveloper(server);
    const me = await server.deps.accounts.findByEmail(dev.email);
    const key = await dev.addKey(3);
    const changed = await dev.request(P.changeKey, {
      body: { id: key.id, max_activations: 5, customer_email: 'buyer@example.com', name: 'Studio' },
      token: dev.token,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const [change, created] = await auditLog(dev, { action: undefined });
    expect(change).toMatchObject({
      area: 'key-manager',
      action: 'key.changed',
      actorName: `${me?.firstName} ${me?.lastName}`.trim(),
      target: `Studio (${key.key})`,
      ip: expect.any(String),
    });
    expect(change?.before).toEqual({ name: null, maxActivations: 3, customerEmail: null });
    expect(change?.after).toEqual({ name: 'Studio', maxActivations: 5, customerEmail: 'buyer@example.com' });
    expect(created).toMatchObject({ action: 'key.created', before: null, target: key.key });
    expect(created?.after).toMatchObject({ maxActivations: 3, isActive: true, suspended: false });

    // Saving without a change records nothing.
    await dev.request(P.changeKey, { body: { id: key.id, max_activations: 5 }, token: dev.token });
    expect(await auditLog(dev, { action: 'key.changed' })).toHaveLength(1);

    const removed = await dev.request(P.removeKey, { body: { id: key.id }, token: dev.token });
    expect(removed.status).toBe(200);
    const [deletion] = await auditLog(dev, { action: 'key.deleted' });
    expect(deletion).toMatchObject({ target: key.key, after: null });
    expect(deletion?.before).toMatchObject({
      key: key.key,
      maxActivations: 5,
      customerEmail: 'buyer@example.com',
    });
  });

  it('records a product’s creation, rename and deletion', async () => {
    const dev = await newDeveloper(server);
    const code = `app-${Math.random().toString(36).slice(2, 8)}`;
    const created = await dev.request<{ product: { id: string } }>(KEY_PRODUCT_PATHS.products, {
      body: { code, name: 'Photo app' },
      token: dev.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.product.id;
    const renamed = await dev.request(keyProductPath(KEY_PRODUCT_PATHS.product, id), {
      method: 'PATCH',
      body: { name: 'Photo studio' },
      token: dev.token,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const deleted = await dev.request(keyProductPath(KEY_PRODUCT_PATHS.product, id), {
      method: 'DELETE',
      token: dev.token,
    });
    expect(deleted.status).toBe(200);
    const events = await auditLog(dev);
    expect(events.map((event) => [event.action, event.target, event.before, event.after])).toEqual([
      ['product.deleted', code, { code, name: 'Photo studio' }, null],
      ['product.changed', code, { name: 'Photo app' }, { name: 'Photo studio' }],
      ['product.created', code, null, { code, name: 'Photo app' }],
    ]);
  });

  it('records API keys with their masked form only, filters by words, and another account sees none of it', async () => {
    const dev = await newDeveloper(server);
    const secret = await dev.apiKey();
    const [created] = await auditLog(dev, { action: 'api_key.created' });
    expect(created).toMatchObject({ area: 'key-manager', target: 'Untitled' });
    expect(JSON.stringify(await auditLog(dev))).not.toContain(secret);
    await dev.addKey(1);
    const me = await server.deps.accounts.findByEmail(dev.email);
    expect((await auditLog(dev, { search: me?.lastName })).length).toBeGreaterThanOrEqual(2);
    expect(await auditLog(dev, { search: 'nobody-by-this-name' })).toEqual([]);

    const stranger = await newDeveloper(server);
    expect(await auditLog(stranger)).toEqual([]);
  });

  it('is read by the roles that read the Key Manager (viewer yes, billing no), and holds member events out', async () => {
    const team = await newTeam(server);
    const request = httpClient(server.baseUrl);
    const read = (token: string) => request<AuditResponse>(KEY_AUDIT_PATHS.auditLog, { body: {}, token });
    const viewer = await read(team.members.viewer.access);
    expect(viewer.status).toBe(200);
    // The team's invitations and joins are the account's area: not in the Key Manager's log.
    expect(viewer.body.events).toEqual([]);
    const billing = await read(team.members.billing.access);
    expect(billing.status).toBe(403);
    expect(billing.body).toMatchObject({ code: 'role_not_allowed' });
    expect((await request(KEY_AUDIT_PATHS.auditLog, { body: {} })).status).toBe(401);
  });

  it('records webhook endpoints with the secret’s hint only, and a device policy change', async () => {
    const dev = await newDeveloper(server);
    const created = await dev.request<{ endpoint: { id: string; secretHint: string }; secret: string }>(
      WEBHOOK_PATHS.endpoints,
      { body: { url: 'https://hooks.example.com/km', events: ['key.created'] }, token: dev.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.endpoint.id;
    const changed = await dev.request(webhookPath(WEBHOOK_PATHS.endpoint, id), {
      method: 'PATCH',
      body: { enabled: false },
      token: dev.token,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const rolled = await dev.request<{ secret: string; endpoint: { secretHint: string } }>(
      webhookPath(WEBHOOK_PATHS.rollSecret, id),
      { body: {}, token: dev.token },
    );
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const policy = await dev.request(P.setDevicePolicy, {
      body: { leaseSeconds: 3600, transfersPer30Days: 0, transferIdleSeconds: 0 },
      token: dev.token,
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);

    const events = await auditLog(dev);
    const text = JSON.stringify(events);
    expect(text).not.toContain(created.body.secret);
    expect(text).not.toContain(rolled.body.secret);
    const byAction = (action: string) => events.find((event) => event.action === action);
    expect(byAction('webhook.changed')).toMatchObject({
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(byAction('webhook.secret_rolled')).toMatchObject({
      before: { secretHint: created.body.endpoint.secretHint },
      after: { secretHint: rolled.body.endpoint.secretHint },
    });
    expect(byAction('webhook.created')?.after).toMatchObject({ url: 'https://hooks.example.com/km' });
    expect(byAction('device_policy.changed')?.after).toMatchObject({ leaseSeconds: 3600 });
  });

  it('exports the same events as CSV', async () => {
    const dev = await newDeveloper(server);
    const key = await dev.addKey(2);
    const response = await fetch(`${server.baseUrl}${KEY_AUDIT_PATHS.auditLogCsv}?action=key.created`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('time,area,actor,action,target,before,after,ip');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`key-manager`);
    expect(lines[1]).toContain(key.key);
  });
});

describe('audit retention', () => {
  let isolated: TestServer;
  beforeAll(async () => {
    // Deleting by age is table-wide: its own database, and a quickly polled queue.
    isolated = await startTestServer({ isolatedDatabase: true, env: { JOBS_POLL_SECONDS: '0.5' } });
  });
  afterAll(async () => isolated?.close());

  async function runRetention() {
    const id = await isolated.deps.jobs.enqueue(AUDIT_RETENTION_JOB, {});
    if (!id) throw new Error('job not queued');
    await eventually(async () => {
      const job = await isolated.deps.jobs.boss.getJobById(AUDIT_RETENTION_JOB, id);
      if (job?.state === 'failed') throw new Error(JSON.stringify(job.output));
      return job?.state === 'completed';
    });
  }

  it('keeps events for 365 days and then deletes them', async () => {
    const dev = await newDeveloper(isolated);
    await dev.addKey(1);
    const me = await isolated.deps.accounts.findByEmail(dev.email);
    const count = async () =>
      (
        await isolated.database.db
          .select({ id: accountAuditEvents.id })
          .from(accountAuditEvents)
          .where(eq(accountAuditEvents.accountId, me?.id ?? ''))
      ).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    isolated.clock.advance(364 * 86_400_000);
    await runRetention();
    expect(await count()).toBe(before);
    isolated.clock.advance(2 * 86_400_000);
    await runRetention();
    expect(await count()).toBe(0);
    dev.token = await freshToken(isolated, dev);
    expect(await auditLog(dev)).toEqual([]);
  });
});
