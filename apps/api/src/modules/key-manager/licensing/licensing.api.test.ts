import { createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import {
  type CheckoutLicenseResponse,
  KEY_PAGE_PATHS,
  KEY_PRODUCT_PATHS,
  keyProductPath,
  LICENSE_PATHS,
  KEY_MANAGER_PATHS as P,
  type PolicyResponse,
  type ProductResponse,
  SIGNED_REPLY_HEADERS,
  type SigningKeysResponse,
  type StartTrialResponse,
  signedReplyMessage,
  type ValidateKeyResponse,
  WEBHOOK_PATHS,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceKeys, webhookDeliveries, webhookEvents } from '../../../db/schema/index.js';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { describeRoleMatrix } from '../../../test/role-matrix.js';
import { WebhookReceiver } from '../../../test/webhook-receiver.js';
import { freshToken } from '../devices/devices-kit.test.js';
import { givePrivatePlan, newDeveloper } from '../key-manager-kit.test.js';
import { EXPIRY_NOTICE_JOB } from './expiry-notices.js';

/**
 * Licensing end to end over HTTP (decision 032): products and policies, a trial started by an app on
 * a device, refused a second time, validated with a signed reply, expired by the clock, converted to
 * a yearly key, checked for entitlements, renewed, checked out offline until the key's end, and kept
 * to its product.
 */
let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  // Webhooks to the local receiver, delivered by a quickly polled job queue.
  server = await startTestServer({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', JOBS_POLL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await server?.close();
  await receiver?.stop();
});

type Developer = Awaited<ReturnType<typeof newDeveloper>>;
const DAY = 86_400_000;

async function developerWithProducts() {
  const dev = await newDeveloper(server);
  await givePrivatePlan(server, dev.email, dev.productId, 1000);
  const product = async (code: string, name: string) => {
    const created = await dev.request<ProductResponse>(KEY_PRODUCT_PATHS.products, {
      body: { code, name },
      token: dev.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.product;
  };
  const policy = async (body: Record<string, unknown>) => {
    const created = await dev.request<PolicyResponse>(KEY_PRODUCT_PATHS.policies, { body, token: dev.token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.policy;
  };
  const photo = await product('photo-app', 'Photo App');
  const video = await product('video-app', 'Video App');
  const yearly = await policy({
    productId: photo.id,
    name: 'Yearly',
    maxActivations: 3,
    duration: { count: 1, unit: 'year' },
    entitlements: { pro: true, seats: 5 },
  });
  const trial = await policy({
    productId: photo.id,
    name: '14-day trial',
    kind: 'trial',
    duration: { count: 14, unit: 'day' },
  });
  const videoYearly = await policy({
    productId: video.id,
    name: 'Video yearly',
    duration: { count: 1, unit: 'year' },
  });
  const secret = await dev.apiKey('secret');
  const publishable = await dev.apiKey('publishable');
  return { dev, photo, video, yearly, trial, videoYearly, secret, publishable };
}

/** A public REST call with a nonce: the raw reply text, so the signature is checked over the exact bytes. */
async function signedCall(path: string, apiKey: string, body: unknown) {
  const nonce = randomBytes(18).toString('base64url');
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      [SIGNED_REPLY_HEADERS.nonce]: nonce,
    },
    body: JSON.stringify(body),
  });
  return { response, text: await response.text(), nonce };
}

async function publicKeyOf(dev: Developer) {
  const keys = await dev.request<SigningKeysResponse>(LICENSE_PATHS.signingKeys, { token: dev.token });
  const current = keys.body.signingKeys.find((key) => key.state === 'current');
  if (!current) throw new Error('no current signing key');
  return { id: current.id, key: createPublicKey(current.publicKeyPem) };
}

describe('licensing: a trial that becomes a paid yearly key', () => {
  // A whole flow: dozens of calls, most the first of their route on this server (each compiles its
  // schemas then); a clean-clone run at full load took past the 30 s default.
  it('runs the whole life of a licence as an app and a developer server see it', {
    timeout: 120_000,
  }, async () => {
    const { dev, photo, yearly, secret, publishable } = await developerWithProducts();
    const call = <T>(apiKey: string, path: string, body: unknown) =>
      dev.request<T>(path, { body, token: apiKey });
    const fingerprint = `machine-${randomBytes(6).toString('hex')}`;

    // The app (publishable key) starts a trial on its machine.
    const started = await call<StartTrialResponse>(publishable, P.startTrial, {
      product: 'photo-app',
      fingerprint,
      email: 'Ada@Example.com',
      deviceName: 'Ada’s laptop',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({
      status: 'ok',
      keyStatus: 'trial',
      trial: true,
      product: 'photo-app',
      currentActivations: 1,
      maxActivations: 1,
    });
    expect(started.body).not.toHaveProperty('customer');
    const now = server.clock.now().getTime();
    expect(Date.parse(started.body.expiresAt ?? '')).toBe(now + 14 * DAY);
    const trialKey = started.body.key;

    // Not again on the same machine, nor with the same email from another one.
    const again = await call(publishable, P.startTrial, { product: 'photo-app', fingerprint });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'failed', code: 'trial_used' });
    const sameEmail = await call(publishable, P.startTrial, {
      product: 'photo-app',
      fingerprint: `${fingerprint}-2`,
      email: 'ada@example.com',
    });
    expect(sameEmail.body).toMatchObject({ code: 'trial_used' });
    const noTrial = await call(publishable, P.startTrial, { product: 'video-app', fingerprint });
    expect(noTrial.status).toBe(404);
    expect(noTrial.body).toMatchObject({ code: 'trial_not_offered' });
    const noProduct = await call(publishable, P.startTrial, { product: 'nothing', fingerprint });
    expect(noProduct.body).toMatchObject({ code: 'product_not_found' });

    // Validation with a signed reply: the body, nonce, path and time are signed by the owner's key.
    const signer = await publicKeyOf(dev);
    const signed = await signedCall(P.validateKey, publishable, {
      key: trialKey,
      fingerprint,
      product: 'photo-app',
    });
    expect(signed.response.status).toBe(200);
    const validated = JSON.parse(signed.text) as ValidateKeyResponse;
    expect(validated).toMatchObject({ valid: true, code: 'VALID', key: { keyStatus: 'trial' } });
    const signature = signed.response.headers.get(SIGNED_REPLY_HEADERS.signature) ?? '';
    const signedAt = signed.response.headers.get(SIGNED_REPLY_HEADERS.signedAt) ?? '';
    expect(signed.response.headers.get(SIGNED_REPLY_HEADERS.signingKeyId)).toBe(signer.id);
    const message = (body: string, nonce = signed.nonce) =>
      Buffer.from(signedReplyMessage(signedAt, nonce, P.validateKey, body), 'utf8');
    expect(verify(null, message(signed.text), signer.key, Buffer.from(signature, 'base64url'))).toBe(true);
    // A forged body or a replayed nonce does not verify.
    const forged = signed.text.replace('"valid":true', '"valid":false');
    expect(verify(null, message(forged), signer.key, Buffer.from(signature, 'base64url'))).toBe(false);
    expect(
      verify(
        null,
        message(signed.text, 'another-nonce-0000'),
        signer.key,
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(false);
    // A malformed nonce is a clear 400; no nonce, no signature.
    const badNonce = await dev.request(P.validateKey, {
      body: { key: trialKey },
      token: publishable,
      headers: { [SIGNED_REPLY_HEADERS.nonce]: 'short' },
    });
    expect(badNonce.status).toBe(400);
    const unsigned = await dev.request(P.validateKey, { body: { key: trialKey }, token: publishable });
    expect(unsigned.headers.get(SIGNED_REPLY_HEADERS.signature)).toBeNull();

    // Fifteen days later the trial has ended: validation says so, activation is refused.
    server.clock.advance(15 * DAY);
    const ended = await call<ValidateKeyResponse>(publishable, P.validateKey, { key: trialKey, fingerprint });
    expect(ended.body).toMatchObject({ valid: false, code: 'TRIAL_EXPIRED', key: { keyStatus: 'expired' } });
    const refused = await call(publishable, P.activateKey, { key: trialKey, fingerprint: 'another-machine' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'trial_expired' });

    // The developer's server converts it to the yearly policy: same key, same device.
    const converted = await call<StartTrialResponse>(secret, P.convertTrial, {
      key: trialKey,
      policyId: yearly.id,
      customerName: 'Ada Lovelace',
      customerRef: 'cus_42',
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    const convertedAt = server.clock.now();
    expect(converted.body).toMatchObject({
      keyStatus: 'active',
      trial: false,
      maxActivations: 3,
      currentActivations: 1,
      entitlements: { pro: true, seats: 5 },
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', ref: 'cus_42' },
    });
    const yearLater = new Date(convertedAt);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(converted.body.expiresAt).toBe(yearLater.toISOString());
    const notTrial = await call(secret, P.convertTrial, { key: trialKey });
    expect(notTrial.body).toMatchObject({ code: 'not_a_trial' });
    const publishableConvert = await call(publishable, P.convertTrial, { key: trialKey });
    expect(publishableConvert.status).toBe(403);

    // Entitlement checks.
    const pro = await call<ValidateKeyResponse>(publishable, P.validateKey, {
      key: trialKey,
      fingerprint,
      entitlements: ['pro', 'seats'],
    });
    expect(pro.body).toMatchObject({ valid: true, code: 'VALID' });
    const enterprise = await call<ValidateKeyResponse>(publishable, P.validateKey, {
      key: trialKey,
      entitlements: ['pro', 'enterprise'],
    });
    expect(enterprise.body).toMatchObject({
      valid: false,
      code: 'ENTITLEMENTS_MISSING',
      missingEntitlements: ['enterprise'],
    });
    const stranger = await call<ValidateKeyResponse>(publishable, P.validateKey, {
      key: trialKey,
      fingerprint: 'not-this-one',
    });
    expect(stranger.body).toMatchObject({ valid: false, code: 'NOT_ACTIVATED' });

    // Renewal by its duration (from its expiry), then to a date.
    const renewed = await call<StartTrialResponse>(secret, P.renewKey, { key: trialKey });
    const twoYears = new Date(convertedAt);
    twoYears.setUTCFullYear(twoYears.getUTCFullYear() + 2);
    expect(renewed.body).toMatchObject({ message: 'Key renewed', expiresAt: twoYears.toISOString() });
    const soon = new Date(server.clock.now().getTime() + 2 * DAY).toISOString();
    const toDate = await call<StartTrialResponse>(secret, P.renewKey, { key: trialKey, until: soon });
    expect(toDate.body.expiresAt).toBe(soon);
    const past = await call(secret, P.renewKey, { key: trialKey, until: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ field: 'until', message: 'Until must be a moment in the future' });

    // Offline: a certificate never outlives its key (asked for 7 days, the key ends in 2).
    const checkout = await call<CheckoutLicenseResponse>(publishable, P.checkoutLicense, {
      key: trialKey,
      fingerprint,
      ttlSeconds: 7 * 86_400,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.license.expiresAt).toBe(Math.floor(Date.parse(soon) / 1000));

    // Suspension is refused like a disabled key and told apart.
    await call(secret, P.suspendKey, { key: trialKey, suspended: true });
    const suspended = await call<ValidateKeyResponse>(publishable, P.validateKey, {
      key: trialKey,
      fingerprint,
    });
    expect(suspended.body).toMatchObject({
      valid: false,
      code: 'SUSPENDED',
      key: { keyStatus: 'suspended' },
    });
    const heartbeat = await call(publishable, P.heartbeat, { key: trialKey, fingerprint });
    expect(heartbeat.body).toMatchObject({ code: 'key_suspended' });
    await call(secret, P.suspendKey, { key: trialKey, suspended: false });

    // Past expiry under a refusing policy: EXPIRED, and the key page shows it all.
    server.clock.advance(3 * DAY);
    const expired = await call<ValidateKeyResponse>(secret, P.validateKey, { key: trialKey });
    expect(expired.body).toMatchObject({ valid: false, code: 'EXPIRED' });
    // The access token lapsed with the moved clock: sign in again, as the dashboard would.
    const token = await freshToken(server, dev);
    const page = await dev.request<{ key: Record<string, unknown> }>(
      KEY_PAGE_PATHS.key.replace(':id', converted.body.id),
      { token },
    );
    expect(page.body.key).toMatchObject({
      status: 'expired',
      product: { code: photo.code },
      policy_name: 'Yearly',
      customer_ref: 'cus_42',
      duration: { count: 1, unit: 'year' },
    });
    const history = await dev.request<{ events: { action: string }[] }>(
      `${KEY_PAGE_PATHS.history.replace(':id', converted.body.id)}?limit=20`,
      { token },
    );
    expect(history.body.events.map((event) => event.action)).toEqual(
      expect.arrayContaining(['create', 'activate', 'convert', 'renew', 'suspend', 'reinstate']),
    );
  });
});

describe('licensing: products keep keys apart', () => {
  it('refuses a key of product A to an app validating for product B, and to an API key of product B', async () => {
    const { dev, video, videoYearly, yearly, secret } = await developerWithProducts();
    const add = async (policyId: string) => {
      const added = await dev.request<{ key: { key: string } }>(P.addKey, {
        body: { policyId, customerEmail: 'buyer@example.com' },
        token: dev.token,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return added.body.key.key;
    };
    const photoKey = await add(yearly.id);
    const videoKey = await add(videoYearly.id);
    const mismatch = await dev.request<ValidateKeyResponse>(P.validateKey, {
      body: { key: photoKey, product: 'video-app' },
      token: secret,
    });
    expect(mismatch.body).toMatchObject({ valid: false, code: 'PRODUCT_MISMATCH' });
    const match = await dev.request<ValidateKeyResponse>(P.validateKey, {
      body: { key: videoKey, product: 'video-app' },
      token: secret,
    });
    expect(match.body).toMatchObject({ valid: true, code: 'VALID', key: { keyStatus: 'active' } });

    // An API key restricted to the video product sees photo keys as unknown.
    const restricted = await dev.request<{ key: string }>(P.generateApiKey, {
      body: { type: 'secret', productId: video.id },
      token: dev.token,
    });
    expect(restricted.status).toBe(200);
    const hidden = await dev.request(P.getKeyInformation, {
      body: { key: photoKey },
      token: restricted.body.key,
    });
    expect(hidden.status).toBe(404);
    const activation = await dev.request(P.activateKey, {
      body: { key: photoKey, fingerprint: 'x-1' },
      token: restricted.body.key,
    });
    expect(activation.status).toBe(404);
    const unknown = await dev.request<ValidateKeyResponse>(P.validateKey, {
      body: { key: photoKey },
      token: restricted.body.key,
    });
    expect(unknown.body).toMatchObject({ valid: false, code: 'NOT_FOUND', key: null });
    const own = await dev.request(P.getKeyInformation, {
      body: { key: videoKey },
      token: restricted.body.key,
    });
    expect(own.status).toBe(200);

    // Filtering the dashboard's list by product and by customer.
    const listed = await dev.request<{ keys: { key: string }[] }>(P.getKeys, {
      body: { product_id: video.id },
      token: dev.token,
    });
    expect(listed.body.keys.map((key) => key.key)).toEqual([videoKey]);
    const byCustomer = await dev.request<{ keys: { key: string }[] }>(P.getKeys, {
      body: { customer: 'BUYER@example.com' },
      token: dev.token,
    });
    expect(byCustomer.body.keys.map((key) => key.key).sort()).toEqual([photoKey, videoKey].sort());
    // The search box finds a licensee by part of their email (or name) too.
    const searched = await dev.request<{ keys: { key: string }[] }>(P.getKeys, {
      body: { search: 'BUYER@exam' },
      token: dev.token,
    });
    expect(searched.body.keys.map((key) => key.key).sort()).toEqual([photoKey, videoKey].sort());

    // A product with keys or restricted API keys cannot be deleted; the default never.
    const deleted = await dev.request(keyProductPath(KEY_PRODUCT_PATHS.product, video.id), {
      method: 'DELETE',
      token: dev.token,
    });
    expect(deleted.status).toBe(409);
  });

  it('refuses bad policies and products with clear messages', async () => {
    const { dev, photo } = await developerWithProducts();
    const bad = async (path: string, body: unknown, status = 400) => {
      const reply = await dev.request(path, { body, token: dev.token });
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      expect(reply.body).toMatchObject({ status: 'failed' });
      return reply.body;
    };
    await bad(KEY_PRODUCT_PATHS.products, { code: 'Photo App', name: 'x' });
    await bad(KEY_PRODUCT_PATHS.products, { code: 'photo-app', name: 'Again' }, 409);
    await bad(KEY_PRODUCT_PATHS.policies, { productId: photo.id, name: 'Trial', kind: 'trial' });
    await bad(
      KEY_PRODUCT_PATHS.policies,
      {
        productId: photo.id,
        name: 'Second trial',
        kind: 'trial',
        duration: { count: 7, unit: 'day' },
      },
      409,
    );
    await bad(KEY_PRODUCT_PATHS.policies, {
      productId: photo.id,
      name: 'x',
      duration: { count: 0, unit: 'day' },
    });
    await bad(KEY_PRODUCT_PATHS.policies, {
      productId: photo.id,
      name: 'x',
      metadata: { deep: { a: { b: { c: { d: 1 } } } } },
    });
    await bad(P.addKey, { isActivated: true });
    await bad(P.addKey, { maxActivations: 1, expiresAt: 'tomorrow' });
    await bad(P.addKey, { maxActivations: 1, customerEmail: 'not-an-email' });
    await bad(P.addKey, { policyId: '00000000-0000-4000-8000-000000000000' }, 404);
  });
});

describe('licensing: webhook endpoints and the key list kept to one product', () => {
  it('delivers a product’s events to an endpoint kept to it and not the other’s; events about no key only to endpoints of every product', async () => {
    const { dev, yearly, videoYearly, secret } = await developerWithProducts();
    const path = `/by-product-${randomBytes(4).toString('hex')}`;
    const endpoint = async (suffix: string, product?: string) => {
      const created = await dev.request<{ endpoint: { id: string; product: string | null } }>(
        WEBHOOK_PATHS.endpoints,
        {
          body: {
            url: receiver.url(`${path}-${suffix}`),
            events: ['key.created', 'key.activated', 'api_key.revoked'],
            ...(product ? { product } : {}),
          },
          token: dev.token,
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.endpoint.product).toBe(product ?? null);
      return created.body.endpoint.id;
    };
    const photoOnly = await endpoint('photo', 'photo-app');
    const videoOnly = await endpoint('video', 'video-app');
    const every = await endpoint('every');

    const issue = async (policyId: string) => {
      const added = await dev.request<{ key: { key: string } }>(P.addKey, {
        body: { policyId },
        token: dev.token,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const key = added.body.key.key;
      const activated = await dev.request(P.activateKey, {
        body: { key, fingerprint: `pc-${randomBytes(3).toString('hex')}` },
        token: secret,
      });
      expect(activated.status, JSON.stringify(activated.body)).toBe(200);
      return key;
    };
    const photoKey = await issue(yearly.id);
    const videoKey = await issue(videoYearly.id);
    const spare = await dev.request<{ id: string }>(P.generateApiKey, {
      body: { type: 'secret' },
      token: dev.token,
    });
    const revoked = await dev.request(P.revokeApiKey, { body: { id: spare.body.id }, token: dev.token });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);

    // What each endpoint was sent: the event and the key it is about.
    const heard = (suffix: string) =>
      receiver
        .at(`${path}-${suffix}`)
        .map((entry) => {
          const event = JSON.parse(entry.body) as { type: string; data: { key?: { key?: string } } };
          return `${event.type} ${event.data.key?.key ?? '-'}`;
        })
        .sort();
    const photoEvents = [`key.activated ${photoKey}`, `key.created ${photoKey}`];
    const videoEvents = [`key.activated ${videoKey}`, `key.created ${videoKey}`];
    await eventually(async () => heard('every').length === 5);
    expect(heard('every')).toEqual([...photoEvents, ...videoEvents, 'api_key.revoked -'].sort());
    await eventually(async () => heard('photo').length >= 2 && heard('video').length >= 2);
    expect(heard('photo')).toEqual(photoEvents);
    expect(heard('video')).toEqual(videoEvents);
    // The deliveries are recorded with the events (same transaction): nothing else is on its way.
    const recorded = async (endpointId: string) =>
      (
        await server.database.db
          .select({ type: webhookEvents.type })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(eq(webhookDeliveries.endpointId, endpointId))
      )
        .map((row) => row.type)
        .sort();
    expect(await recorded(photoOnly)).toEqual(['key.activated', 'key.created']);
    expect(await recorded(videoOnly)).toEqual(['key.activated', 'key.created']);
    expect(await recorded(every)).toHaveLength(5);
  });

  it('lists one product’s keys, page after page, with get-keys’ product filter', async () => {
    const { dev, photo, video, yearly, videoYearly } = await developerWithProducts();
    const add = async (body: Record<string, unknown>) => {
      const added = await dev.request<{ key: { key: string; product_id: string } }>(P.addKey, {
        body,
        token: dev.token,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      return added.body.key;
    };
    const photoKeys = [
      await add({ policyId: yearly.id }),
      await add({ productId: photo.id, maxActivations: 2 }),
      await add({ policyId: yearly.id, customerEmail: 'video-fan@example.com' }),
    ];
    const videoKeys = [await add({ policyId: videoYearly.id }), await add({ policyId: videoYearly.id })];
    const defaultKey = await add({ maxActivations: 1 });
    expect(defaultKey.product_id).not.toBe(photo.id);
    expect(defaultKey.product_id).not.toBe(video.id);

    type Page = { keys: { key: string; product_id: string }[]; nextCursor: string | null };
    const list = async (filter: Record<string, unknown>) => {
      const keys: Page['keys'] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof dev.request<Page>>> = await dev.request<Page>(P.getKeys, {
          body: { ...filter, limit: 2, ...(cursor ? { cursor } : {}) },
          token: dev.token,
        });
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        keys.push(...page.body.keys);
        cursor = page.body.nextCursor;
      } while (cursor);
      return keys;
    };
    const keysOf = (keys: { key: string }[]) => keys.map((key) => key.key).sort();
    const photoListed = await list({ product_id: photo.id });
    expect(keysOf(photoListed)).toEqual(keysOf(photoKeys));
    expect(photoListed.every((key) => key.product_id === photo.id)).toBe(true);
    expect(keysOf(await list({ product_id: video.id }))).toEqual(keysOf(videoKeys));
    expect(keysOf(await list({ product_id: defaultKey.product_id }))).toEqual([defaultKey.key]);
    expect(await list({ product_id: randomUUID() })).toEqual([]);
    // With the other filters: the search must match within the product.
    expect(keysOf(await list({ product_id: video.id, search: 'video-fan' }))).toEqual([]);
    expect(keysOf(await list({ product_id: photo.id, search: 'video-fan' }))).toEqual([photoKeys[2]?.key]);
    expect(await list({})).toHaveLength(6);
  });
});

describe('licensing: expiry notices and lifecycle webhooks', () => {
  // Several job runs and webhook deliveries in a row; on PostgreSQL the notice job also sees every
  // other test file's keys (one shared database), which a moved clock may make due.
  it('tells key.expiring and key.expired once per expiry date, and again after a renewal', {
    timeout: 120_000,
  }, async () => {
    const { dev, yearly, secret, publishable } = await developerWithProducts();
    const path = `/licensing-${randomBytes(4).toString('hex')}`;
    const endpoint = await dev.request(WEBHOOK_PATHS.endpoints, {
      body: {
        url: receiver.url(path),
        events: ['key.expiring', 'key.expired', 'key.renewed', 'trial.started', 'trial.converted'],
      },
      token: dev.token,
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    // An endpoint kept to the video product hears nothing about photo keys.
    const videoOnly = await dev.request<{ endpoint: { id: string; product: string | null } }>(
      WEBHOOK_PATHS.endpoints,
      {
        body: {
          url: receiver.url(`${path}-video`),
          events: ['key.expiring', 'key.expired', 'key.renewed', 'trial.started', 'trial.converted'],
          product: 'video-app',
        },
        token: dev.token,
      },
    );
    expect(videoOnly.body.endpoint.product).toBe('video-app');
    const types = () => receiver.at(path).map((entry) => (JSON.parse(entry.body) as { type: string }).type);
    const runNotices = async () => {
      const id = await server.deps.jobs.enqueue(EXPIRY_NOTICE_JOB, {});
      if (!id) throw new Error('job not queued');
      await eventually(async () => {
        const job = await server.deps.jobs.boss.getJobById(EXPIRY_NOTICE_JOB, id);
        if (job?.state === 'failed') throw new Error(JSON.stringify(job.output));
        return job?.state === 'completed';
      });
    };
    const added = await dev.request<{ key: { key: string } }>(P.addKey, {
      body: {
        policyId: yearly.id,
        expiresAt: new Date(server.clock.now().getTime() + 5 * DAY).toISOString(),
      },
      token: dev.token,
    });
    const key = added.body.key.key;
    // Another owner without webhooks: their due key is marked as told (in one statement), nothing sent.
    const quiet = await developerWithProducts();
    const quietKey = await quiet.dev.request<{ key: { id: string } }>(P.addKey, {
      body: {
        policyId: quiet.yearly.id,
        expiresAt: new Date(server.clock.now().getTime() + 3 * DAY).toISOString(),
      },
      token: quiet.dev.token,
    });
    await runNotices();
    await runNotices();
    const [marked] = await server.database.db
      .select({ expiresAt: licenceKeys.expiresAt, told: licenceKeys.expiringNoticeFor })
      .from(licenceKeys)
      .where(eq(licenceKeys.id, quietKey.body.key.id));
    expect(marked?.told?.toISOString()).toBe(marked?.expiresAt?.toISOString());
    await eventually(async () => types().includes('key.expiring'));
    expect(types().filter((type) => type === 'key.expiring')).toHaveLength(1);

    server.clock.advance(6 * DAY);
    await runNotices();
    await eventually(async () => types().includes('key.expired'));
    await call(secret, P.renewKey, { key });
    await eventually(async () => types().includes('key.renewed'));
    // Renewed by a year from now: nothing is due; a year on, it expires again and is told again.
    await runNotices();
    server.clock.advance(360 * DAY);
    await runNotices();
    await eventually(async () => types().filter((type) => type === 'key.expiring').length === 2);
    server.clock.advance(6 * DAY);
    await runNotices();
    await eventually(async () => types().filter((type) => type === 'key.expired').length === 2);

    const fingerprint = `notice-${randomBytes(4).toString('hex')}`;
    const trial = await call<StartTrialResponse>(publishable, P.startTrial, {
      product: 'photo-app',
      fingerprint,
    });
    await call(secret, P.convertTrial, { key: trial.body.key });
    await eventually(async () => types().includes('trial.converted'));
    expect(types()).toContain('trial.started');
    const videoDeliveries = await server.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, videoOnly.body.endpoint.id));
    expect(videoDeliveries).toHaveLength(0);

    function call<T = Record<string, unknown>>(apiKey: string, route: string, body: unknown) {
      return dev.request<T>(route, { body, token: apiKey });
    }
  });
});

const anyone = ['client', 'staff', 'admin'] as const;
const someId = '00000000-0000-4000-8000-000000000000';
describeRoleMatrix('key-manager licensing dashboard', () => server, [
  { method: 'GET', path: KEY_PRODUCT_PATHS.products, allowed: [...anyone] },
  {
    method: 'POST',
    path: KEY_PRODUCT_PATHS.products,
    body: { code: 'm-a', name: 'M' },
    allowed: [...anyone],
  },
  {
    method: 'PATCH',
    path: keyProductPath(KEY_PRODUCT_PATHS.product, someId),
    body: { name: 'N' },
    allowed: [...anyone],
  },
  { method: 'DELETE', path: keyProductPath(KEY_PRODUCT_PATHS.product, someId), allowed: [...anyone] },
  { method: 'GET', path: KEY_PRODUCT_PATHS.policies, allowed: [...anyone] },
  {
    method: 'POST',
    path: KEY_PRODUCT_PATHS.policies,
    body: { productId: someId, name: 'P' },
    allowed: [...anyone],
  },
  { method: 'PATCH', path: keyProductPath(KEY_PRODUCT_PATHS.policy, someId), body: {}, allowed: [...anyone] },
  { method: 'DELETE', path: keyProductPath(KEY_PRODUCT_PATHS.policy, someId), allowed: [...anyone] },
  { method: 'GET', path: KEY_PRODUCT_PATHS.settings, allowed: [...anyone] },
  { method: 'PUT', path: KEY_PRODUCT_PATHS.settings, body: { expiringNoticeDays: 7 }, allowed: [...anyone] },
  { method: 'GET', path: KEY_PAGE_PATHS.key.replace(':id', someId), allowed: [...anyone] },
  { method: 'GET', path: KEY_PAGE_PATHS.history.replace(':id', someId), allowed: [...anyone] },
]);

// Last in the file: it spends this address's trial allowance (30 an hour), which the tests above share.
describe('licensing: trials are rate-limited per address', () => {
  it('answers 429 with Retry-After once an address has started 30 trials within the hour', async () => {
    const { dev, publishable } = await developerWithProducts();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof dev.request>> | undefined;
    for (let n = 0; n < 31; n++) {
      const reply = await dev.request(P.startTrial, {
        body: { product: 'photo-app', fingerprint: `burst-${n}-${randomBytes(3).toString('hex')}` },
        token: publishable,
      });
      statuses.push(reply.status);
      if (reply.status === 429) refused ??= reply;
    }
    const first = statuses.indexOf(429);
    expect(first, statuses.join(',')).toBeGreaterThan(0);
    expect(statuses.slice(first).every((status) => status === 429)).toBe(true);
    expect(refused?.body).toMatchObject({ status: 'failed', code: 'rate_limited' });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
