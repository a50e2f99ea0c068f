import { randomUUID } from 'node:crypto';
import {
  ClockGuard,
  ClockTamperedException,
  KeyExpiredException,
  KeyManager,
  KeyNotRenewableException,
  KeySuspendedException,
  LicenseClockTamperedError,
  LicenseExpiredError,
  NotATrialException,
  PolicyNotFoundException,
  ProductNotFoundException,
  ReplySignatureException,
  ReplyStaleException,
  ReplyVerificationException,
  TrialExpiredException,
  TrialNotOfferedException,
  TrialUsedException,
  verifyLicense,
} from '@northwind/key-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newSeller } from './licensing-kit.test.js';

// Licensing (decision 032) through the TypeScript SDK against the real server: validate-key's one-word
// answers, expiry and renewal, suspension, trials and their conversion, the typed refusals, and
// signed replies checked with the owner's public key (forged, replayed, stale, clock turned back).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const DAY = 86_400_000;
/** The SDK reads the server's (manual) clock, so moving it moves both sides. */
const serverNow = () => server.clock.now().getTime();

describe('@northwind/key-manager licensing against the real server', () => {
  it('validates in one call, expires, renews, suspends and reinstates a key', async () => {
    const seller = await newSeller(server);
    const licence = await seller.issueKey({ customerEmail: 'ana@example.com' });
    // Made now: the seller's dashboard session does not outlive the year the clock moves on below.
    const perpetual = await seller.plainKey(1);
    const manager = new KeyManager(await seller.apiKey(), { baseUrl: server.baseUrl, now: serverNow });

    const { keyInformation } = await manager.getKeyInformation(licence.key);
    expect(keyInformation).toMatchObject({
      id: licence.id,
      key: licence.key,
      maxActivations: 2,
      currentActivations: 0,
      isActive: true,
      keyStatus: 'active',
      product: 'studio',
      trial: false,
      entitlements: { pro: true, seats: 5 },
      metadata: {},
      customer: { email: 'ana@example.com' },
    });
    const expiresAt = Date.parse(keyInformation.expiresAt ?? '');
    expect(expiresAt - serverNow()).toBeGreaterThan(364 * DAY);

    const valid = await manager.validateKey({ key: licence.key, product: 'studio', entitlements: ['pro'] });
    expect(valid).toMatchObject({ valid: true, code: 'VALID', key: { id: licence.id, keyStatus: 'active' } });
    expect(valid).not.toHaveProperty('signature');
    const lacking = await manager.validateKey({ id: licence.id, entitlements: ['pro', 'export'] });
    expect(lacking).toMatchObject({
      valid: false,
      code: 'ENTITLEMENTS_MISSING',
      missingEntitlements: ['export'],
    });
    expect(await manager.validateKey({ key: licence.key, product: 'plain' })).toMatchObject({
      valid: false,
      code: 'PRODUCT_MISMATCH',
    });
    expect(await manager.validateKey({ key: licence.key, fingerprint: 'pc-1' })).toMatchObject({
      valid: false,
      code: 'NOT_ACTIVATED',
    });
    await manager.activate(licence.key, 'pc-1');
    expect((await manager.validateKey({ key: licence.key, fingerprint: 'pc-1' })).code).toBe('VALID');
    expect(await manager.validateKey({ key: 'NO-SUCH-KEY' })).toMatchObject({
      valid: false,
      code: 'NOT_FOUND',
      key: null,
    });

    const suspended = await manager.suspendKey({ key: licence.key, suspended: true });
    expect(suspended).toMatchObject({ message: 'Key suspended', keyInformation: { keyStatus: 'suspended' } });
    expect((await manager.validateKey({ key: licence.key })).code).toBe('SUSPENDED');
    await expect(manager.activate(licence.key, 'pc-2')).rejects.toMatchObject({
      constructor: KeySuspendedException,
      code: 'key_suspended',
      statusCode: 409,
    });
    expect((await manager.suspendKey({ id: licence.id, suspended: false })).message).toBe('Key reinstated');

    // A year and a day later: expired (the policy refuses expired keys, no grace).
    server.clock.advance(366 * DAY);
    expect(await manager.validateKey({ key: licence.key })).toMatchObject({
      valid: false,
      code: 'EXPIRED',
      key: { keyStatus: 'expired' },
    });
    await expect(manager.heartbeat(licence.key, 'pc-1')).rejects.toMatchObject({
      constructor: KeyExpiredException,
      code: 'key_expired',
    });
    const renewed = await manager.renewKey({ key: licence.key });
    expect(renewed.message).toBe('Key renewed');
    expect(Date.parse(renewed.keyInformation.expiresAt ?? '') - serverNow()).toBeGreaterThan(364 * DAY);
    expect((await manager.validateKey({ key: licence.key })).code).toBe('VALID');
    const until = new Date(serverNow() + 30 * DAY);
    until.setUTCMilliseconds(0);
    const set = await manager.renewKey({ id: licence.id, until });
    expect(Date.parse(set.keyInformation.expiresAt ?? '')).toBe(until.getTime());

    // A key without a duration cannot be renewed by one.
    await expect(manager.renewKey({ key: perpetual.key })).rejects.toBeInstanceOf(KeyNotRenewableException);
  });

  it('starts a trial with a publishable key, ends it, and converts it to a paid key', async () => {
    const seller = await newSeller(server);
    const app = new KeyManager(await seller.apiKey('publishable'), { baseUrl: server.baseUrl });
    const backend = new KeyManager(await seller.apiKey(), { baseUrl: server.baseUrl });

    const started = await app.startTrial({ product: 'studio', fingerprint: 'pc-1', email: 'bo@example.com' });
    expect(started.message).toBe('Trial started');
    expect(started.keyInformation).toMatchObject({
      keyStatus: 'trial',
      trial: true,
      product: 'studio',
      currentActivations: 1,
      entitlements: { pro: true },
    });
    // A publishable key never sees the licensee.
    expect(started.keyInformation).not.toHaveProperty('customer');
    const trialKey = started.keyInformation.key;
    expect(await app.validateKey({ key: trialKey, fingerprint: 'pc-1', product: 'studio' })).toMatchObject({
      valid: true,
      key: { keyStatus: 'trial' },
    });

    await expect(app.startTrial({ product: 'studio', fingerprint: 'pc-1' })).rejects.toBeInstanceOf(
      TrialUsedException,
    );
    await expect(
      app.startTrial({ product: 'studio', fingerprint: 'pc-9', email: 'bo@example.com' }),
    ).rejects.toMatchObject({
      constructor: TrialUsedException,
      code: 'trial_used',
    });
    await expect(app.startTrial({ product: 'nope', fingerprint: 'pc-1' })).rejects.toMatchObject({
      constructor: ProductNotFoundException,
      code: 'product_not_found',
      statusCode: 404,
    });
    await expect(app.startTrial({ product: 'plain', fingerprint: 'pc-1' })).rejects.toBeInstanceOf(
      TrialNotOfferedException,
    );

    // Offline: a certificate asked for 30 days ends when the 14-day trial does, and is refused after.
    const trialEnds = Date.parse(started.keyInformation.expiresAt ?? '');
    expect(trialEnds).toBe(serverNow() + 14 * DAY);
    const { certificate, license } = await app.checkoutLicense(trialKey, 'pc-1', 30 * 86_400);
    expect(license.expiresAt).toBe(Math.floor(trialEnds / 1000));
    expect(license.expiresAt).toBeLessThan(license.issuedAt + 30 * 86_400);
    const publicKeys = [seller.signingKey.publicKeyPem];
    const offline = { fingerprint: 'pc-1', nowSeconds: license.expiresAt - 60 };
    expect((await verifyLicense(certificate, publicKeys, offline)).expiresAt).toBe(license.expiresAt);
    await expect(
      verifyLicense(certificate, publicKeys, { ...offline, nowSeconds: license.expiresAt + 3600 }),
    ).rejects.toBeInstanceOf(LicenseExpiredError);

    server.clock.advance(15 * DAY);
    expect(await app.validateKey({ key: trialKey, fingerprint: 'pc-1' })).toMatchObject({
      valid: false,
      code: 'TRIAL_EXPIRED',
    });
    const ended = await app.heartbeat(trialKey, 'pc-1').catch((error: unknown) => error);
    expect(ended).toBeInstanceOf(TrialExpiredException);
    expect(ended).toBeInstanceOf(KeyExpiredException);

    await expect(backend.convertTrial({ key: trialKey, policyId: randomUUID() })).rejects.toBeInstanceOf(
      PolicyNotFoundException,
    );
    const converted = await backend.convertTrial({
      key: trialKey,
      policyId: seller.standard.id,
      customerRef: 'C-42',
    });
    expect(converted.message).toBe('Trial converted');
    expect(converted.keyInformation).toMatchObject({
      trial: false,
      keyStatus: 'active',
      currentActivations: 1,
      customer: { ref: 'C-42' },
    });
    expect((await app.validateKey({ key: trialKey, fingerprint: 'pc-1' })).code).toBe('VALID');
    await expect(backend.convertTrial({ key: trialKey })).rejects.toMatchObject({
      constructor: NotATrialException,
      code: 'not_a_trial',
    });
  });

  it('signs replies with the owner’s key: genuine ones verify; forged, stale and turned-back ones are refused', async () => {
    const seller = await newSeller(server);
    const licence = await seller.issueKey();
    const publishable = await seller.apiKey('publishable');
    const publicKeys = [seller.signingKey.publicKeyPem];
    const app = new KeyManager(publishable, {
      baseUrl: server.baseUrl,
      licensePublicKeys: publicKeys,
      signReplies: true,
      now: serverNow,
    });
    await app.activate(licence.key, 'pc-1');

    const valid = await app.validateKey({ key: licence.key, fingerprint: 'pc-1' });
    expect(valid).toMatchObject({ valid: true, code: 'VALID' });
    expect(valid.signature?.signingKeyId).toBe(seller.signingKey.id);
    expect(app.clockGuard.lastSeenAt).toEqual(valid.signature?.signedAt);
    const info = await app.getKeyInformation(licence.key);
    expect(info.signature?.signingKeyId).toBe(seller.signingKey.id);
    // NOT_FOUND is signed too: a fake "no such key" cannot lock a user out unnoticed either.
    expect((await app.validateKey({ key: 'NO-SUCH-KEY' })).code).toBe('NOT_FOUND');

    // A proxy rewrites "not valid" into "valid": the signature no longer matches.
    const backend = new KeyManager(await seller.apiKey(), { baseUrl: server.baseUrl });
    await backend.setUsable(licence.key, false);
    const forging = new KeyManager(publishable, {
      baseUrl: server.baseUrl,
      licensePublicKeys: publicKeys,
      now: serverNow,
      fetch: async (input, init) => {
        const reply = await fetch(input, init);
        const text = (await reply.text())
          .replace('"valid":false', '"valid":true')
          .replace('"code":"DISABLED"', '"code":"VALID"');
        return new Response(text, { status: reply.status, headers: reply.headers });
      },
    });
    const forged = await forging
      .validateKey({ key: licence.key }, { signed: true })
      .catch((error: unknown) => error);
    expect(forged).toBeInstanceOf(ReplySignatureException);
    expect(forged).toBeInstanceOf(ReplyVerificationException);
    await backend.setUsable(licence.key, true);

    // A recorded genuine reply played back to a later request: signed over another nonce.
    let recorded: { text: string; headers: Headers; status: number } | null = null;
    const replaying = new KeyManager(publishable, {
      baseUrl: server.baseUrl,
      licensePublicKeys: publicKeys,
      now: serverNow,
      fetch: async (input, init) => {
        if (recorded) return new Response(recorded.text, recorded);
        const reply = await fetch(input, init);
        recorded = { text: await reply.clone().text(), headers: reply.headers, status: reply.status };
        return reply;
      },
    });
    expect((await replaying.validateKey({ key: licence.key }, { signed: true })).valid).toBe(true);
    const replayed = await replaying
      .validateKey({ key: licence.key }, { signed: true })
      .catch((error: unknown) => error);
    expect(replayed).toBeInstanceOf(ReplyVerificationException);
    expect((replayed as ReplyVerificationException).code).toMatch(/^reply_(nonce_mismatch|bad_signature)$/);

    // A device clock ten minutes fast: the genuine reply is too far from it.
    const fast = new KeyManager(publishable, {
      baseUrl: server.baseUrl,
      licensePublicKeys: publicKeys,
      now: () => serverNow() + 10 * 60_000,
    });
    await expect(fast.validateKey({ key: licence.key }, { signed: true })).rejects.toBeInstanceOf(
      ReplyStaleException,
    );

    // The guard saved by the last run, then the clock turned back a day.
    const saved = app.clockGuard.lastSeenAt;
    if (!saved) throw new Error('no last-seen time');
    const guard = new ClockGuard({ lastSeenAt: saved.toISOString() });
    const turnedBack = new KeyManager(publishable, {
      baseUrl: server.baseUrl,
      licensePublicKeys: publicKeys,
      clockGuard: guard,
      now: () => serverNow() - DAY,
    });
    await expect(turnedBack.validateKey({ key: licence.key }, { signed: true })).rejects.toBeInstanceOf(
      ClockTamperedException,
    );

    // Offline, the same guard refuses the stored certificate with the clock turned back.
    const { certificate, license } = await app.checkoutLicense(licence.key, 'pc-1', 7 * 86_400);
    const offlineGuard = new ClockGuard();
    await verifyLicense(certificate, publicKeys, {
      fingerprint: 'pc-1',
      nowSeconds: license.issuedAt + 60,
      clockGuard: offlineGuard,
    });
    expect(offlineGuard.lastSeenAt?.getTime()).toBe(license.issuedAt * 1000);
    await expect(
      verifyLicense(certificate, publicKeys, {
        fingerprint: 'pc-1',
        nowSeconds: license.issuedAt - 86_400,
        clockGuard: offlineGuard,
      }),
    ).rejects.toBeInstanceOf(LicenseClockTamperedError);
  });
});
