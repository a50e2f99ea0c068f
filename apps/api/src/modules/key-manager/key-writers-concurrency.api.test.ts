import {
  KEY_ACTIVATED_MESSAGE,
  KEY_MANAGER_PATHS as P,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PATHS,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { onPostgres } from '../../test/two-instances.js';
import { WebhookReceiver } from '../../test/webhook-receiver.js';
import { givePrivatePlan, newDeveloper } from './key-manager-kit.test.js';

// Every writer of licence_keys, licence_key_counters, licence_key_devices and key_events for ONE
// owner at once, over a pool as large as production's: on PostgreSQL they must take their row locks
// in one order (docs/decisions/006-key-manager-counts-and-api-keys.md, "Lock order"), or they
// deadlock and answer 500. Counts are checked against the replies: every 200 is counted exactly once.

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startTestServer({
    poolSize: 16,
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true', JOBS_POLL_SECONDS: '0.5' },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.stop();
});

type Reply = { status: number; body: Record<string, unknown> };

const LIVE_KEYS = 5;
// PGlite has one connection, so nothing there can deadlock: fewer waves still check the counts.
const WAVES = onPostgres ? 4 : 2;

/** What one owner's replies say each key's count must be, and how many devices it must hold. */
class Ledger {
  readonly activations = new Map<string, number>();
  readonly devices = new Map<string, Set<string>>();
  readonly statuses: number[] = [];

  seen(reply: Reply): Reply {
    this.statuses.push(reply.status);
    return reply;
  }
  add(keyId: string, delta: number) {
    this.activations.set(keyId, (this.activations.get(keyId) ?? 0) + delta);
  }
  devicesOf(keyId: string): Set<string> {
    const set = this.devices.get(keyId) ?? new Set<string>();
    this.devices.set(keyId, set);
    return set;
  }
}

async function owner(withWebhooks: boolean) {
  const dev = await newDeveloper(server);
  await givePrivatePlan(server, dev.email, dev.productId, 1_000_000);
  if (withWebhooks) {
    // Every event is wanted, so each write also records webhook events in its own transaction.
    const endpoint = await dev.request(WEBHOOK_PATHS.endpoints, {
      body: { url: receiver.url(`/mix-${dev.email}`), events: WEBHOOK_EVENT_TYPES },
      token: dev.token,
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
  }
  const apiKey = await dev.apiKey();
  const live: { id: string; key: string }[] = [];
  for (let i = 0; i < LIVE_KEYS; i++) live.push(await dev.addKey(0));
  const doomed: { id: string; key: string }[] = [];
  for (let i = 0; i < WAVES * 2; i++) doomed.push(await dev.addKey(0));
  return { dev, apiKey, live, doomed, ledger: new Ledger(), added: 0, deleted: 0 };
}

type Owner = Awaited<ReturnType<typeof owner>>;

/** One wave of an owner's calls, all in flight together; the ledger records what the replies say. */
function wave(o: Owner, n: number): Promise<unknown>[] {
  const { dev, apiKey, ledger } = o;
  const pub = (path: string, body: object) =>
    dev.request<Record<string, unknown>>(path, { body, token: apiKey }).then((r) => ledger.seen(r));
  const dash = (path: string, body: object) =>
    dev.request<Record<string, unknown>>(path, { body, token: dev.token }).then((r) => ledger.seen(r));
  const calls: Promise<unknown>[] = [];
  for (const [index, licence] of o.live.entries()) {
    const held = [...ledger.devicesOf(licence.id)];
    for (let i = 0; i < 3; i++) {
      calls.push(
        pub(P.activateKey, { key: licence.key }).then((r) => r.status === 200 && ledger.add(licence.id, 1)),
      );
    }
    for (let i = 0; i < 2; i++) {
      const fingerprint = `fp-${n}-${index}-${i}`;
      calls.push(
        pub(P.activateKey, { key: licence.key, fingerprint }).then((r) => {
          if (r.status === 200 && r.body.message === KEY_ACTIVATED_MESSAGE) {
            ledger.add(licence.id, 1);
            ledger.devicesOf(licence.id).add(fingerprint);
          }
        }),
      );
    }
    calls.push(
      pub(P.deactivateKey, { key: licence.key }).then((r) => r.status === 200 && ledger.add(licence.id, -1)),
    );
    const leaving = held[0];
    if (leaving) {
      calls.push(
        pub(P.deactivateKey, { key: licence.key, fingerprint: leaving }).then((r) => {
          if (r.status === 200) {
            ledger.add(licence.id, -1);
            ledger.devicesOf(licence.id).delete(leaving);
          }
        }),
      );
    }
    const beating = held[1];
    if (beating) calls.push(pub(P.heartbeat, { key: licence.key, fingerprint: beating }));
    calls.push(dash(P.changeKey, { id: licence.id, name: `wave ${n}`, note: `key ${index}` }));
  }
  // A switch off and on again of one key, while its activations run.
  const switched = o.live[n % o.live.length];
  if (switched) {
    calls.push(
      pub(P.markKeyAsActive, { key: switched.key, isActive: false }).then(() =>
        pub(P.markKeyAsActive, { key: switched.key, isActive: true }),
      ),
    );
  }
  for (let i = 0; i < 3; i++) {
    calls.push(
      dash(P.addKey, { maxActivations: 2, isActivated: true }).then((r) => r.status === 200 && o.added++),
    );
  }
  // Two keys deleted (one by the public API, one from the dashboard) while they are being activated.
  const [publicDelete, dashboardDelete] = o.doomed.splice(0, 2);
  for (const licence of [publicDelete, dashboardDelete]) {
    if (!licence) continue;
    for (let i = 0; i < 2; i++)
      calls.push(pub(P.activateKey, { key: licence.key, fingerprint: `d-${n}-${i}` }));
    calls.push(pub(P.activateKey, { key: licence.key }));
  }
  if (publicDelete)
    calls.push(pub(P.deleteKey, { key: publicDelete.key }).then((r) => r.status === 200 && o.deleted++));
  if (dashboardDelete)
    calls.push(dash(P.removeKey, { id: dashboardDelete.id }).then((r) => r.status === 200 && o.deleted++));
  return calls;
}

describe('licence-key writers of one owner at once (lock order)', () => {
  it('add, activate, deactivate, heartbeat, change, switch and delete together: no 5xx, exact counts', async () => {
    const owners = [await owner(true), await owner(false)];
    const keysBefore = new Map(owners.map((o) => [o, LIVE_KEYS + WAVES * 2]));
    for (let n = 0; n < WAVES; n++) {
      await Promise.all(owners.flatMap((o) => wave(o, n)));
    }
    for (const o of owners) {
      const failures = o.ledger.statuses.filter((status) => status >= 500);
      expect(failures, `server errors among ${o.ledger.statuses.length} replies`).toEqual([]);
      expect(o.deleted).toBe(WAVES * 2);
      const userId = (await server.deps.accounts.findByEmail(o.dev.email))?.id;
      const db = server.database.db;
      for (const licence of o.live) {
        const [row] = await rawRows<{ current_activations: number; devices: number }>(
          db,
          sql`select k.current_activations,
                (select count(*)::int from licence_key_devices d where d.key_id = k.id) as devices
              from licence_keys k where k.id = ${licence.id}::uuid`,
        );
        expect(Number(row?.current_activations), `key ${licence.key}`).toBe(
          o.ledger.activations.get(licence.id) ?? 0,
        );
        expect(Number(row?.devices), `devices of ${licence.key}`).toBe(o.ledger.devicesOf(licence.id).size);
      }
      // The maintained counters agree with the rows they count.
      const [counted] = await rawRows<{ keys: number; active_keys: number; activations: number }>(
        db,
        sql`select count(*)::int as keys, (count(*) filter (where is_active))::int as active_keys,
              coalesce(sum(current_activations), 0)::int as activations
            from licence_keys where owner_id = ${userId}::uuid`,
      );
      const [kept] = await rawRows<{ keys: number; active_keys: number; activations: number }>(
        db,
        sql`select keys, active_keys, activations from licence_key_counters where owner_id = ${userId}::uuid`,
      );
      expect(Number(counted?.keys)).toBe((keysBefore.get(o) ?? 0) + o.added - o.deleted);
      expect({
        keys: Number(kept?.keys),
        active_keys: Number(kept?.active_keys),
        activations: Number(kept?.activations),
      }).toEqual({
        keys: Number(counted?.keys),
        active_keys: Number(counted?.active_keys),
        activations: Number(counted?.activations),
      });
    }
  }, 180_000);
});
