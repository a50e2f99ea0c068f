import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LICENSE_PATHS, type SigningKeysResponse } from '@app/contract';
import {
  APIConnectionException,
  decodeLicense,
  KeyManager,
  LicenseExpiredError,
  LicenseFingerprintMismatchError,
  LicenseMalformedError,
  LicenseNotYetValidError,
  LicenseSignatureError,
  LicenseUnknownSigningKeyError,
  LicenseVerificationError,
  signingKeyIdOf,
  verifyLicense,
} from '@northwind/key-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { newDeveloper } from './developer-kit.test.js';
import { repoRoot } from './java-kit.test.js';

// Decision 024, the TypeScript SDK side: a certificate checked out from the real server is
// verified after the server is gone, and every kind of bad certificate is refused with its own error.
let server: TestServer | undefined;
let stopped = false;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  if (!stopped) await server?.close();
});

const DAY = 86_400;

type CheckLicence = (
  manager: KeyManager,
  licenceKey: string,
  fingerprint: string,
  store: {
    getItem(n: string): string | null;
    setItem(n: string, v: string): void;
    removeItem(n: string): void;
  },
  publicKeys: readonly string[],
) => Promise<{ key: string; expiresAt: number }>;

/** The pattern the docs page shows (web code: loaded by URL, typechecked by the web project). */
async function docsCheckLicence(): Promise<CheckLicence> {
  const file = path.join(repoRoot, 'apps/web/src/features/developer-docs/examples/offline-licence.ts');
  return ((await import(pathToFileURL(file).href)) as { checkLicence: CheckLicence }).checkLicence;
}

/** localStorage's interface over a Map. */
function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
    items,
  };
}

describe('@northwind/key-manager offline licences', () => {
  it('verifies a checked-out certificate with the network cut, and refuses altered ones', async () => {
    if (!server) throw new Error('no server');
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(2);
    // The publishable key is the one an app ships with.
    const manager = new KeyManager(await developer.apiKey('publishable'), { baseUrl: server.baseUrl });
    const fingerprint = 'laptop-7f3a';
    await manager.activate(licence.key, fingerprint);
    const checkedOut = await manager.checkoutLicense(licence.key, fingerprint, 14 * DAY);
    expect(checkedOut.rateLimit?.limit).toBeGreaterThan(0);
    const published = await httpClient(server.baseUrl)<SigningKeysResponse>(LICENSE_PATHS.signingKeys, {
      token: developer.token,
    });
    const [current] = published.body.signingKeys;
    if (!current) throw new Error('no signing key');
    const issuedAt = checkedOut.license.issuedAt;
    // The documented pattern, online: activates (again: counts once), checks out and stores.
    const checkLicence = await docsCheckLicence();
    const store = memoryStore();
    const online = await checkLicence(manager, licence.key, fingerprint, store, [current.publicKeyPem]);
    expect(online.key).toBe(licence.key);
    expect(store.items.size).toBe(1);

    // Cut the network: the server is gone, so the SDK's online calls fail...
    await server.close();
    stopped = true;
    await expect(manager.getKeyInformation(licence.key)).rejects.toBeInstanceOf(APIConnectionException);
    // The documented pattern, offline: the stored certificate keeps the user working.
    const offline = await checkLicence(manager, licence.key, fingerprint, store, [current.publicKeyPem]);
    expect(offline.key).toBe(licence.key);
    await expect(
      checkLicence(manager, licence.key, fingerprint, memoryStore(), [current.publicKeyPem]),
    ).rejects.toThrow('Connect to the internet once');

    // ...and the certificate still verifies offline, with the PEM or the base64 DER the dashboard shows.
    const now = issuedAt + 3 * DAY;
    for (const publicKey of [current.publicKeyPem, current.publicKeyBase64]) {
      const payload = await verifyLicense(checkedOut.certificate, publicKey, {
        fingerprint,
        nowSeconds: now,
      });
      expect(payload).toEqual(checkedOut.license);
      expect(payload).toMatchObject({ key: licence.key, keyId: licence.id, maxActivations: 2, fingerprint });
    }
    expect(await signingKeyIdOf(current.publicKeyPem)).toBe(current.id);
    expect(decodeLicense(checkedOut.certificate).signingKeyId).toBe(current.id);

    const refusal = (
      certificate: string,
      fp = fingerprint,
      nowSeconds = now,
      keys: string[] = [current.publicKeyPem],
    ) =>
      verifyLicense(certificate, keys, { fingerprint: fp, nowSeconds }).then(
        () => null,
        (error: unknown) => error,
      );
    const [body, signature] = checkedOut.certificate.split('.') as [string, string];
    const json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));

    // Tampered: a richer payload under the old signature, or a changed signature.
    const richer = Buffer.from(
      JSON.stringify({ ...json, maxActivations: 0, expiresAt: json.expiresAt + 365 * DAY }),
    ).toString('base64url');
    const tampered = await refusal(`${richer}.${signature}`);
    expect(tampered).toBeInstanceOf(LicenseSignatureError);
    expect(tampered).toMatchObject({ code: 'bad_signature' });
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(await refusal(`${body}.${flipped}`)).toBeInstanceOf(LicenseSignatureError);

    // Expired: past expiresAt plus the default 5-minute skew; within the skew it still passes.
    const expiry = checkedOut.license.expiresAt;
    expect(await refusal(checkedOut.certificate, fingerprint, expiry + 299)).toBeNull();
    const expired = await refusal(checkedOut.certificate, fingerprint, expiry + 301);
    expect(expired).toBeInstanceOf(LicenseExpiredError);
    expect(expired).toMatchObject({ code: 'expired', expiresAt: expiry });
    await expect(
      verifyLicense(checkedOut.certificate, current.publicKeyPem, {
        fingerprint,
        nowSeconds: expiry + 301,
        clockSkewSeconds: 600,
      }),
    ).resolves.toMatchObject({ expiresAt: expiry });

    // Another device, a clock turned far back, an unknown signing key, not a certificate at all.
    const otherDevice = await refusal(checkedOut.certificate, 'desktop-0000');
    expect(otherDevice).toBeInstanceOf(LicenseFingerprintMismatchError);
    expect(otherDevice).toMatchObject({ code: 'wrong_fingerprint' });
    expect(await refusal(checkedOut.certificate, fingerprint, issuedAt - 3600)).toBeInstanceOf(
      LicenseNotYetValidError,
    );
    const strangerPem = generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    const unknown = await refusal(checkedOut.certificate, fingerprint, now, [strangerPem]);
    expect(unknown).toBeInstanceOf(LicenseUnknownSigningKeyError);
    expect(unknown).toMatchObject({ code: 'unknown_signing_key', signingKeyId: current.id });
    for (const garbage of [
      '',
      'abc',
      `${body}.${signature}.x`,
      `${Buffer.from('{"v":2}').toString('base64url')}.${signature}`,
    ]) {
      const error = await refusal(garbage);
      expect(error, garbage).toBeInstanceOf(LicenseMalformedError);
    }
    // Every refusal is a LicenseVerificationError, so one catch covers them all.
    expect(expired).toBeInstanceOf(LicenseVerificationError);
    await expect(verifyLicense(checkedOut.certificate, 'not a key', { fingerprint })).rejects.toThrow(
      TypeError,
    );
  });
});
