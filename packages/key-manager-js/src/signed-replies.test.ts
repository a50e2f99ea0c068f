import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ClockGuard,
  ClockTamperedException,
  KeyManager,
  KeyManagerException,
  LicenseClockTamperedError,
  PUBLIC_PATHS,
  ReplyNonceMismatchException,
  ReplySignatureException,
  ReplyStaleException,
  ReplyUnknownSigningKeyException,
  ReplyUnsignedException,
  ReplyVerificationException,
  signedReplyMessage,
  verifyLicense,
} from './index.js';

// Signed replies against an in-process stub that signs the way the server does (contract
// key-licensing.ts): Ed25519 over signedReplyMessage(signedAt, nonce, path, body), with a key pair
// made for this test. Each test changes one thing the SDK must refuse.

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKey,
    publicBase64: der.toString('base64'),
    kid: createHash('sha256').update(der).digest().subarray(0, 12).toString('base64url'),
  };
}
const owner = keyPair();

interface Signing {
  /** Default: the stub's clock now. */
  signedAt?: string;
  /** Default: the request's nonce. */
  nonce?: string;
  /** The body the signature covers (default: the body sent). */
  signedBody?: string;
  key?: KeyObject;
  kid?: string;
  /** Echo a nonce in the reply (a replayed reply carries the other request's). */
  echoNonce?: string;
  unsigned?: boolean;
}

const VALID_BODY = JSON.stringify({
  status: 'ok',
  valid: true,
  code: 'VALID',
  message: 'The key is valid.',
  key: {
    id: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
    key: 'LIC-1',
    maxActivations: 3,
    currentActivations: 1,
    isActive: true,
    keyStatus: 'active',
    expiresAt: null,
    product: 'studio',
    trial: false,
    entitlements: { pro: true },
    metadata: {},
  },
});

let server: Server;
let baseUrl: string;
let body: string;
let signing: Signing;
let sentNonces: Array<string | undefined>;
/** The device clock the SDK reads, and the time the stub signs with (the same unless a test moves one). */
let deviceNow: number;
let serverNow: number;

beforeEach(async () => {
  body = VALID_BODY;
  signing = {};
  sentNonces = [];
  deviceNow = Date.parse('2027-03-01T12:00:00.000Z');
  serverNow = deviceNow;
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const nonce = request.headers['x-km-nonce'] as string | undefined;
      sentNonces.push(nonce);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (nonce && !signing.unsigned) {
        const signedAt = signing.signedAt ?? new Date(serverNow).toISOString();
        const message = signedReplyMessage(
          signedAt,
          signing.nonce ?? nonce,
          request.url ?? '',
          signing.signedBody ?? body,
        );
        headers['x-km-signature'] = sign(
          null,
          Buffer.from(message, 'utf8'),
          signing.key ?? owner.privateKey,
        ).toString('base64url');
        headers['x-km-signing-key'] = signing.kid ?? owner.kid;
        headers['x-km-signed-at'] = signedAt;
        if (signing.echoNonce) headers['x-km-nonce'] = signing.echoNonce;
      }
      response.writeHead(200, headers);
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(options: { clockGuard?: ClockGuard; signReplies?: boolean } = {}) {
  return new KeyManager('km_pub_test', {
    baseUrl,
    licensePublicKeys: [owner.publicBase64],
    now: () => deviceNow,
    ...options,
  });
}

const validate = (manager: KeyManager) =>
  manager.validateKey({ key: 'LIC-1', fingerprint: 'pc-1' }, { signed: true }).catch((e: unknown) => e);

describe('signed replies', () => {
  it('accepts a genuine reply, sends a fresh nonce each time and advances the clock guard', async () => {
    const manager = client();
    const result = await manager.validateKey({ key: 'LIC-1' }, { signed: true });
    expect(result).toMatchObject({ valid: true, code: 'VALID', key: { product: 'studio' } });
    expect(result.signature).toEqual({ signingKeyId: owner.kid, signedAt: new Date(serverNow) });
    expect(manager.clockGuard.lastSeenAt).toEqual(new Date(serverNow));

    await manager.validateKey({ key: 'LIC-1' }, { signed: true });
    const [first, second] = sentNonces;
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(first).not.toBe(second);
  });

  it('sends no nonce and checks nothing for an unsigned call', async () => {
    signing.unsigned = true;
    const result = await client().validateKey({ key: 'LIC-1' });
    expect(result.valid).toBe(true);
    expect(result).not.toHaveProperty('signature');
    expect(sentNonces).toEqual([undefined]);
  });

  it('refuses a reply whose body was changed after signing (forged "valid")', async () => {
    signing.signedBody = body.replace('"valid":true', '"valid":false').replace('"VALID"', '"EXPIRED"');
    const error = await validate(client());
    expect(error).toBeInstanceOf(ReplySignatureException);
    expect(error).toMatchObject({ code: 'reply_bad_signature', statusCode: 200 });
    // One catch covers every reason, and every failed call is still a KeyManagerException.
    expect(error).toBeInstanceOf(ReplyVerificationException);
    expect(error).toBeInstanceOf(KeyManagerException);
  });

  it('refuses a signature made with another key under the owner’s key id', async () => {
    signing.key = keyPair().privateKey;
    expect(await validate(client())).toBeInstanceOf(ReplySignatureException);
  });

  it('refuses a reply signed for another request (replayed): echoed nonce, or signature over another', async () => {
    const replayed = 'an-earlier-requests-nonce-0001';
    signing = { nonce: replayed, echoNonce: replayed };
    const echoed = await validate(client());
    expect(echoed).toBeInstanceOf(ReplyNonceMismatchException);
    expect(echoed).toMatchObject({ code: 'reply_nonce_mismatch' });
    // Without the echo the signature, checked over the nonce this request sent, fails.
    signing = { nonce: replayed };
    expect(await validate(client())).toBeInstanceOf(ReplySignatureException);
  });

  it('refuses a reply signed longer ago than the tolerance (default 5 minutes)', async () => {
    serverNow = deviceNow - 299_000;
    expect(await validate(client())).toMatchObject({ valid: true });
    serverNow = deviceNow - 301_000;
    const stale = await validate(client());
    expect(stale).toBeInstanceOf(ReplyStaleException);
    expect(stale).toMatchObject({ code: 'reply_stale', signedAt: new Date(serverNow) });
    const lenient = new KeyManager('k', {
      baseUrl,
      licensePublicKeys: owner.publicBase64,
      replyToleranceSeconds: 600,
      now: () => deviceNow,
    });
    expect(await validate(lenient)).toMatchObject({ valid: true });
  });

  it('refuses a clock turned back behind a time already seen, and keeps the guard across runs', async () => {
    const saved: Date[] = [];
    const guard = new ClockGuard({ onAdvance: (at) => saved.push(at) });
    await client({ clockGuard: guard }).validateKey({ key: 'LIC-1' }, { signed: true });
    expect(saved).toEqual([new Date(deviceNow)]);

    // Next run: the app restores the saved time; the user has turned the clock back a day, and the
    // reply (a recording, or a fake server's) is signed at that turned-back time.
    const restored = new ClockGuard({ lastSeenAt: saved[0]?.toISOString() });
    deviceNow -= 86_400_000;
    serverNow = deviceNow;
    const tampered = await validate(client({ clockGuard: restored }));
    expect(tampered).toBeInstanceOf(ClockTamperedException);
    expect(tampered).toMatchObject({ code: 'clock_tampered', lastSeenAt: saved[0] });
    expect(restored.isTurnedBack(deviceNow)).toBe(true);
    // Within the tolerance is a clock a little off, not a tampered one.
    expect(restored.isTurnedBack(deviceNow + 86_400_000 - 299_000)).toBe(false);
  });

  it('takes the real time from a genuine reply: a device clock far behind it counts as turned back', async () => {
    serverNow = deviceNow + 3_600_000;
    const manager = client();
    expect(await validate(manager)).toBeInstanceOf(ClockTamperedException);
    expect(manager.clockGuard.lastSeenAt).toEqual(new Date(serverNow));
  });

  it('refuses an unsigned reply and an unknown signing key', async () => {
    signing.unsigned = true;
    expect(await validate(client())).toBeInstanceOf(ReplyUnsignedException);
    signing = { kid: 'someone-elses-k' };
    const unknown = await validate(client());
    expect(unknown).toBeInstanceOf(ReplyUnknownSigningKeyException);
    expect(unknown).toMatchObject({ signingKeyId: 'someone-elses-k', code: 'reply_unknown_signing_key' });
  });

  it('signs getKeyInformation too, and every validate and info call with signReplies', async () => {
    body = JSON.stringify({ status: 'ok', ...JSON.parse(VALID_BODY).key });
    const manager = client({ signReplies: true });
    const info = await manager.getKeyInformation('LIC-1');
    expect(info.signature?.signingKeyId).toBe(owner.kid);
    expect(info.keyInformation.entitlements).toEqual({ pro: true });
    expect(sentNonces.at(-1)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // `signed: false` on one call overrides the client's setting.
    await expect(manager.getKeyInformationById('x', { signed: false })).resolves.not.toHaveProperty(
      'signature',
    );
    expect(sentNonces.at(-1)).toBeUndefined();
  });

  it('checks its configuration before any call', async () => {
    const plain = new KeyManager('k', { baseUrl });
    await expect(plain.validateKey({ key: 'LIC-1' }, { signed: true })).rejects.toThrow(TypeError);
    expect(() => new KeyManager('k', { baseUrl, signReplies: true })).toThrow(TypeError);
    expect(() => new KeyManager('k', { baseUrl, licensePublicKeys: [' '] })).toThrow(TypeError);
    const badKey = new KeyManager('k', { baseUrl, licensePublicKeys: 'bm90IGEga2V5' });
    await expect(badKey.validateKey({ key: 'LIC-1' }, { signed: true })).rejects.toThrow(TypeError);
    expect(sentNonces).toEqual([]);
  });

  it('binds the signature to the request path', async () => {
    // A stub that signs as if the request had gone to get-key-information.
    const otherPath = PUBLIC_PATHS.getKeyInformation;
    server.removeAllListeners('request');
    server.on('request', (request, response) => {
      request.resume();
      request.on('end', () => {
        const nonce = String(request.headers['x-km-nonce']);
        const signedAt = new Date(serverNow).toISOString();
        const message = signedReplyMessage(signedAt, nonce, otherPath, body);
        response.writeHead(200, {
          'content-type': 'application/json',
          'x-km-signature': sign(null, Buffer.from(message), owner.privateKey).toString('base64url'),
          'x-km-signing-key': owner.kid,
          'x-km-signed-at': signedAt,
        });
        response.end(body);
      });
    });
    expect(await validate(client())).toBeInstanceOf(ReplySignatureException);
  });
});

describe('verifyLicense with the clock guard', () => {
  function certificate(issuedAt: number, expiresAt: number): string {
    const payload = {
      v: 1,
      signingKeyId: owner.kid,
      keyId: '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11',
      key: 'LIC-1',
      fingerprint: 'pc-1',
      maxActivations: 3,
      issuedAt,
      expiresAt,
      entitlements: {},
    };
    const part = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${part}.${sign(null, Buffer.from(part, 'ascii'), owner.privateKey).toString('base64url')}`;
  }

  it('advances the guard to issuedAt, then refuses a clock turned back behind it', async () => {
    const issuedAt = 1_800_000_000;
    const cert = certificate(issuedAt, issuedAt + 14 * 86_400);
    const guard = new ClockGuard();
    await verifyLicense(cert, owner.publicBase64, {
      fingerprint: 'pc-1',
      nowSeconds: issuedAt + 60,
      clockGuard: guard,
    });
    expect(guard.lastSeenAt).toEqual(new Date(issuedAt * 1000));

    // The certificate expired; turning the clock back to before its issue does not revive it.
    const error = await verifyLicense(cert, owner.publicBase64, {
      fingerprint: 'pc-1',
      nowSeconds: issuedAt - 3600,
      clockGuard: guard,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LicenseClockTamperedError);
    expect(error).toMatchObject({ code: 'clock_tampered', lastSeenAt: new Date(issuedAt * 1000) });
    // A guard that saw a later signed reply refuses even a clock still inside the certificate's dates.
    guard.restore(new Date((issuedAt + 7 * 86_400) * 1000));
    await expect(
      verifyLicense(cert, owner.publicBase64, {
        fingerprint: 'pc-1',
        nowSeconds: issuedAt + 86_400,
        clockGuard: guard,
      }),
    ).rejects.toBeInstanceOf(LicenseClockTamperedError);
  });

  it('restores a saved value, never moving backwards, and refuses what is not a time', () => {
    const guard = new ClockGuard({ lastSeenAt: '2027-03-01T12:00:00.000Z' });
    guard.restore(new Date('2027-01-01T00:00:00.000Z'));
    expect(guard.lastSeenAt?.toISOString()).toBe('2027-03-01T12:00:00.000Z');
    guard.restore(Date.parse('2027-04-01T00:00:00.000Z'));
    expect(guard.lastSeenAt?.toISOString()).toBe('2027-04-01T00:00:00.000Z');
    expect(() => guard.restore('yesterday')).toThrow(TypeError);
    expect(new ClockGuard().lastSeenAt).toBeNull();
    expect(new ClockGuard().isTurnedBack(0)).toBe(false);
  });
});
