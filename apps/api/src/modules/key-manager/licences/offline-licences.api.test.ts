import { createPublicKey, verify } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type CheckoutLicenseResponse,
  ENTITLEMENT_NAME_MESSAGE,
  ENTITLEMENTS_TOO_LARGE_MESSAGE,
  ENTITLEMENTS_TOO_MANY_MESSAGE,
  type EntitlementsResponse,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  type GetDevicesResponse,
  INVALID_KEY_MESSAGE,
  KEY_DISABLED_MESSAGE,
  LICENSE_FINGERPRINT_REQUIRED_MESSAGE,
  LICENSE_PATHS,
  LICENSE_SIGNING_UNAVAILABLE_MESSAGE,
  LICENSE_TTL,
  type LicensePayload,
  licensePath,
  KEY_MANAGER_PATHS as P,
  SIGNING_KEY_CURRENT_MESSAGE,
  SIGNING_KEY_LIMIT,
  SIGNING_KEY_LIMIT_MESSAGE,
  SIGNING_KEY_NOT_FOUND_MESSAGE,
  type SigningKey,
  type SigningKeysResponse,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceSigningKeys } from '../../../db/schema/index.js';
import { SecretBox } from '../../../platform/secrets/secret-box.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { freshToken, runLeaseJob } from '../devices/devices-kit.test.js';
import { newDeveloper } from '../key-manager-kit.test.js';
import { LICENSE_SECRET_FILE } from './licences.js';

// Signed offline licences (decision 024).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { JOBS_POLL_SECONDS: '0.5' } });
});
afterAll(async () => server?.close());

type Developer = Awaited<ReturnType<typeof newDeveloper>>;

/** Checks a certificate the way an app does, with nothing but the published keys. */
function verifyWith(certificate: string, published: SigningKey[]): LicensePayload | null {
  const [body, signature] = certificate.split('.');
  if (!body || !signature) return null;
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LicensePayload;
  const signer = published.find((key) => key.id === payload.signingKeyId);
  if (!signer) return null;
  const ok = verify(
    null,
    Buffer.from(body, 'ascii'),
    createPublicKey(signer.publicKeyPem),
    Buffer.from(signature, 'base64url'),
  );
  return ok ? payload : null;
}

async function signingKeys(dev: Developer): Promise<SigningKey[]> {
  const response = await dev.request<SigningKeysResponse>(LICENSE_PATHS.signingKeys, { token: dev.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.signingKeys;
}

/** A developer with an enabled key, a publishable API key and one activated device. */
async function activatedDevice(maxActivations = 2) {
  const dev = await newDeveloper(server);
  const licence = await dev.addKey(maxActivations);
  const token = await dev.apiKey('publishable');
  const fingerprint = `device-${licence.id.slice(0, 8)}`;
  const activated = await dev.request(P.activateKey, { body: { key: licence.key, fingerprint }, token });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const checkout = (body: object = {}) =>
    dev.request<CheckoutLicenseResponse>(P.checkoutLicense, {
      body: { key: licence.key, fingerprint, ...body },
      token,
    });
  return { dev, licence, token, fingerprint, checkout };
}

describe('checkout-license', () => {
  it('signs a certificate that verifies with the published public key', async () => {
    const { dev, licence, fingerprint, checkout } = await activatedDevice(3);
    const saved = await dev.request<EntitlementsResponse>(
      licensePath(LICENSE_PATHS.entitlements, licence.id),
      {
        method: 'PUT',
        body: { entitlements: { edition: 'studio', seats: 5, export: true } },
        token: dev.token,
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const response = await checkout({ ttlSeconds: 3 * 86_400 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const published = await signingKeys(dev);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ state: 'current', algorithm: 'Ed25519', rotatedAt: null });
    expect(published[0]?.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);

    const payload = verifyWith(response.body.certificate, published);
    const now = Math.floor(server.clock.now().getTime() / 1000);
    expect(payload).toEqual({
      v: 1,
      signingKeyId: published[0]?.id,
      keyId: licence.id,
      key: licence.key,
      fingerprint,
      maxActivations: 3,
      issuedAt: now,
      expiresAt: now + 3 * 86_400,
      entitlements: { edition: 'studio', seats: 5, export: true },
    });
    expect(response.body.license).toEqual(payload);

    // One changed character anywhere and it no longer verifies.
    const [body, signature] = response.body.certificate.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, maxActivations: 1000 })).toString('base64url');
    expect(verifyWith(`${forged}.${signature}`, published)).toBeNull();
    // Flip one bit of the signature (replacing its last characters with fixed ones left it unchanged
    // once in 256 runs).
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(verifyWith(`${body}.${flipped.toString('base64url')}`, published)).toBeNull();
  });

  it('defaults the lifetime to 7 days and answers browsers on any origin', async () => {
    const { checkout } = await activatedDevice();
    const response = await checkout();
    expect(response.status).toBe(200);
    expect(response.body.license.expiresAt - response.body.license.issuedAt).toBe(LICENSE_TTL.defaultSeconds);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${server.baseUrl}${P.checkoutLicense}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is refused for a disabled key, an unknown key and a device without an activation', async () => {
    const { dev, licence, token, fingerprint, checkout } = await activatedDevice();
    const stranger = await checkout({ fingerprint: 'never-activated' });
    expect(stranger.status).toBe(409);
    expect(stranger.body).toEqual({
      status: 'failed',
      code: 'device_not_activated',
      message: FINGERPRINT_NOT_ACTIVATED_MESSAGE,
      field: 'fingerprint',
    });
    const unknown = await checkout({ key: 'no-such-key' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: INVALID_KEY_MESSAGE });

    const secret = await dev.apiKey();
    const disabled = await dev.request(P.markKeyAsActive, {
      body: { key: licence.key, isActive: false },
      token: secret,
    });
    expect(disabled.status).toBe(200);
    const refused = await checkout();
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 'failed', code: 'key_disabled', message: KEY_DISABLED_MESSAGE });

    // Another developer's key reads as unknown.
    const other = await newDeveloper(server);
    const otherToken = await other.apiKey();
    const foreign = await other.request(P.checkoutLicense, {
      body: { key: licence.key, fingerprint },
      token: otherToken,
    });
    expect(foreign.status).toBe(404);
    expect(token).toMatch(/^km_pub_/);
  });

  it('counts as the device’s heartbeat: last seen moves to now and its lease starts again', async () => {
    const { dev, licence, fingerprint, checkout } = await activatedDevice();
    const lease = await dev.request(P.setKeyDevicePolicy, {
      body: { keyId: licence.id, leaseSeconds: 600, transfersPer30Days: null, transferIdleSeconds: null },
      token: dev.token,
    });
    expect(lease.status, JSON.stringify(lease.body)).toBe(200);
    // Seven minutes into a ten-minute lease the device checks out a licence (and sends nothing else).
    server.clock.advance(7 * 60_000);
    const checkedOutAt = server.clock.now();
    const issued = await dev.request<CheckoutLicenseResponse>(P.checkoutLicense, {
      body: { key: licence.key, fingerprint },
      token: await dev.apiKey('publishable'),
      headers: { 'user-agent': 'OfflineApp/3.0' },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const devicesNow = async () =>
      (
        await dev.request<GetDevicesResponse>(P.getDevices, {
          body: { keyId: licence.id },
          token: await freshToken(server, dev),
        })
      ).body.devices;
    expect(await devicesNow()).toEqual([
      expect.objectContaining({
        fingerprint,
        lastSeenAt: checkedOutAt.toISOString(),
        userAgent: 'OfflineApp/3.0',
        leaseExpiresAt: new Date(checkedOutAt.getTime() + 600_000).toISOString(),
      }),
    ]);
    // Eleven minutes after the activation, four after the checkout: the lease job keeps the device…
    server.clock.advance(4 * 60_000);
    await runLeaseJob(server);
    expect(await devicesNow()).toHaveLength(1);
    // …and releases it once ten minutes pass without a heartbeat or a checkout.
    server.clock.advance(7 * 60_000);
    await runLeaseJob(server);
    expect(await devicesNow()).toEqual([]);
    const gone = await checkout();
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ message: FINGERPRINT_NOT_ACTIVATED_MESSAGE, field: 'fingerprint' });
  });

  it('answers bad input with 4xx and the field, never a 500', async () => {
    const { checkout, dev } = await activatedDevice();
    const cases: [object, number, string | undefined][] = [
      [{ fingerprint: undefined }, 400, 'fingerprint'],
      [{ fingerprint: '   ' }, 400, 'fingerprint'],
      [{ ttlSeconds: LICENSE_TTL.maxSeconds + 1 }, 400, 'ttlSeconds'],
      [{ ttlSeconds: 10 }, 400, 'ttlSeconds'],
      [{ ttlSeconds: 3600.5 }, 400, 'ttlSeconds'],
      [{ ttlSeconds: '3600' }, 400, 'ttlSeconds'],
      [{ key: undefined }, 400, 'key'],
    ];
    for (const [body, status, field] of cases) {
      const response = await checkout(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body, JSON.stringify(body)).toMatchObject({ status: 'failed', field });
    }
    const missing = await checkout({ fingerprint: undefined });
    expect(missing.body).toMatchObject({ message: LICENSE_FINGERPRINT_REQUIRED_MESSAGE });
    const max = await checkout({ ttlSeconds: LICENSE_TTL.maxSeconds });
    expect(max.status).toBe(200);
    const anonymous = await dev.request(P.checkoutLicense, { body: { key: 'x', fingerprint: 'y' } });
    expect(anonymous.status).toBe(401);
    const broken = await dev.request(P.checkoutLicense, { body: '{"key":', token: await dev.apiKey() });
    expect(broken.status).toBe(400);
  });
});

describe('signing keys', () => {
  it('rotation keeps certificates of the previous key verifiable until it is retired', async () => {
    const { dev, checkout } = await activatedDevice();
    const first = (await checkout()).body.certificate;
    const [original] = await signingKeys(dev);

    server.clock.advance(1_000);
    const rotated = await dev.request<SigningKeysResponse>(LICENSE_PATHS.rotateSigningKey, {
      body: {},
      token: dev.token,
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const [current, previous] = rotated.body.signingKeys;
    expect(current).toMatchObject({ state: 'current', rotatedAt: null });
    expect(previous).toMatchObject({ id: original?.id, state: 'previous' });
    expect(current?.id).not.toBe(original?.id);

    const second = await checkout();
    expect(second.body.license.signingKeyId).toBe(current?.id);
    const published = await signingKeys(dev);
    expect(verifyWith(first, published)?.signingKeyId).toBe(original?.id);
    expect(verifyWith(second.body.certificate, published)?.signingKeyId).toBe(current?.id);

    // The current key cannot be retired; the previous one can, and its certificates stop verifying.
    const refused = await dev.request(licensePath(LICENSE_PATHS.retireSigningKey, current?.id ?? ''), {
      body: {},
      token: dev.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: SIGNING_KEY_CURRENT_MESSAGE });
    const retired = await dev.request<SigningKeysResponse>(
      licensePath(LICENSE_PATHS.retireSigningKey, original?.id ?? ''),
      { body: {}, token: dev.token },
    );
    expect(retired.status).toBe(200);
    expect(retired.body.signingKeys.map((key) => key.id)).toEqual([current?.id]);
    expect(verifyWith(first, retired.body.signingKeys)).toBeNull();
    expect(verifyWith(second.body.certificate, retired.body.signingKeys)).not.toBeNull();
    const again = await dev.request(licensePath(LICENSE_PATHS.retireSigningKey, original?.id ?? ''), {
      body: {},
      token: dev.token,
    });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: SIGNING_KEY_NOT_FOUND_MESSAGE });
  });

  it('belong to their owner, are bounded in number and never leave the server in private form', async () => {
    const dev = await newDeveloper(server);
    const other = await newDeveloper(server);
    const [mine] = await signingKeys(dev);
    const foreign = await other.request(licensePath(LICENSE_PATHS.retireSigningKey, mine?.id ?? ''), {
      body: {},
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    for (let rotation = 1; rotation < SIGNING_KEY_LIMIT; rotation++) {
      const rotated = await dev.request(LICENSE_PATHS.rotateSigningKey, { body: {}, token: dev.token });
      expect(rotated.status).toBe(200);
    }
    const over = await dev.request(LICENSE_PATHS.rotateSigningKey, { body: {}, token: dev.token });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ message: SIGNING_KEY_LIMIT_MESSAGE });
    const listed = await dev.request(LICENSE_PATHS.signingKeys, { token: dev.token });
    expect(JSON.stringify(listed.body)).not.toMatch(/private|sealed/i);

    // At rest: sealed (AES-GCM), not the PKCS#8 DER an Ed25519 private key starts with.
    const rows = await server.database.db
      .select({ sealed: licenceSigningKeys.privateKeySealed })
      .from(licenceSigningKeys)
      .where(eq(licenceSigningKeys.id, mine?.id ?? ''));
    expect(rows[0]?.sealed).toMatch(/^v1\./);
    expect(rows[0]?.sealed).not.toContain('MC4CAQAwBQYDK2Vw');
    const bad = await dev.request(licensePath(LICENSE_PATHS.retireSigningKey, 'not a key id'), {
      body: {},
      token: dev.token,
    });
    expect(bad.status).toBe(400);
    const anonymous = await dev.request(LICENSE_PATHS.signingKeys);
    expect(anonymous.status).toBe(401);
  });

  it('without LICENSE_SECRET_KEY seals with a secret generated into DATA_DIR (0600); unreadable keys give 503', async () => {
    const { dev, checkout } = await activatedDevice();
    expect((await checkout()).status).toBe(200);
    const file = await stat(path.resolve(server.deps.config.DATA_DIR, LICENSE_SECRET_FILE));
    expect(file.mode & 0o777).toBe(0o600);

    // Sealed under other key material (another instance's secret): refused with a sentence, not a 500.
    const [current] = await signingKeys(dev);
    const strange = new SecretBox('another-instance-secret-another-instance', {
      salt: 'northwind-licences',
      info: 'licence signing key v1',
    });
    await server.database.db
      .update(licenceSigningKeys)
      .set({ privateKeySealed: strange.seal('AAAA', 'x') })
      .where(eq(licenceSigningKeys.id, current?.id ?? ''));
    const refused = await checkout();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      status: 'failed',
      code: 'unavailable',
      message: LICENSE_SIGNING_UNAVAILABLE_MESSAGE,
    });
  });
});

describe('entitlements', () => {
  it('are validated, bounded and private to the key’s owner', async () => {
    const dev = await newDeveloper(server);
    const licence = await dev.addKey(1);
    const at = licensePath(LICENSE_PATHS.entitlements, licence.id);
    const put = (entitlements: unknown) =>
      dev.request<EntitlementsResponse>(at, { method: 'PUT', body: { entitlements }, token: dev.token });

    const initial = await dev.request<EntitlementsResponse>(at, { token: dev.token });
    expect(initial.body).toEqual({ status: 'ok', entitlements: {} });
    const tooMany = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`f${i}`, true]));
    const tooLarge = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x'.repeat(190)]));
    for (const [value, message] of [
      [{ 'bad name': true }, ENTITLEMENT_NAME_MESSAGE],
      [tooMany, ENTITLEMENTS_TOO_MANY_MESSAGE],
      [tooLarge, ENTITLEMENTS_TOO_LARGE_MESSAGE],
      [{ nested: { a: 1 } }, undefined],
      [['a'], undefined],
      [{ text: 'x'.repeat(201) }, undefined],
    ] as const) {
      const response = await put(value);
      expect(response.status, JSON.stringify(value).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed' });
      if (message) expect(response.body).toMatchObject({ message });
    }
    expect((await dev.request(at, { token: dev.token })).body).toEqual({ status: 'ok', entitlements: {} });

    const saved = await put({ tier: 'pro', seats: 10 });
    expect(saved.status).toBe(200);
    expect((await dev.request(at, { token: dev.token })).body).toEqual({
      status: 'ok',
      entitlements: { tier: 'pro', seats: 10 },
    });

    const other = await newDeveloper(server);
    expect((await other.request(at, { token: other.token })).status).toBe(404);
    const foreignPut = await other.request(at, {
      method: 'PUT',
      body: { entitlements: {} },
      token: other.token,
    });
    expect(foreignPut.status).toBe(404);
    const badId = await dev.request(licensePath(LICENSE_PATHS.entitlements, 'nope'), { token: dev.token });
    expect(badId.status).toBe(400);
  });
});
