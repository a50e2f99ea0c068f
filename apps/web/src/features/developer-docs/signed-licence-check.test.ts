import { KEY_MANAGER_PATHS, SIGNED_REPLY_HEADERS, signedReplyMessage } from '@app/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLicence, type LicenceStore } from './examples/signed-licence-check';

// The signed-replies example (examples/signed-licence-check.ts) against a stand-in server that signs
// exactly as the real one does (apps/api/.../licensing/signed-replies.ts, certificates as
// licences/certificate.ts): it must accept the owner's signed answer and refuse a forged, replayed or
// stale one, falling back to the stored certificate, and refuse a clock turned back.
const BASE = 'https://km.example';
const FINGERPRINT = 'laptop-4f1c';
const encoder = new TextEncoder();
const base64 = (data: Uint8Array) => btoa(String.fromCharCode(...data));
const base64url = (data: Uint8Array) =>
  base64(data).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

let privateKey: CryptoKey;
let publicKeyBase64: string;
let signingKeyId: string;

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  privateKey = pair.privateKey;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  publicKeyBase64 = base64(spki);
  signingKeyId = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', spki)).slice(0, 12));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function memoryStore(): LicenceStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  };
}

async function certificate(expiresInSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  const payload = base64url(
    encoder.encode(
      JSON.stringify({
        v: 1,
        signingKeyId,
        keyId: 'k1',
        key: 'LIC-1',
        fingerprint: FINGERPRINT,
        maxActivations: 1,
        issuedAt: now,
        expiresAt: now + expiresInSeconds,
        entitlements: {},
      }),
    ),
  );
  const signature = await crypto.subtle.sign('Ed25519', privateKey, encoder.encode(payload));
  return `${payload}.${base64url(new Uint8Array(signature))}`;
}

interface Server {
  /** Changes the signed reply: what the body says, or what the signature covers. */
  tamper?: 'body' | 'nonce' | 'path' | 'stale';
  down?: boolean;
  valid?: boolean;
}

/** A stand-in Key Manager: validate-key signed on request, activate-key and checkout-license. */
function stubServer(server: Server) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (server.down) throw new TypeError('fetch failed');
    const path = new URL(url).pathname;
    const headers = init.headers as Record<string, string>;
    if (path === KEY_MANAGER_PATHS.checkoutLicense) {
      return Response.json({ status: 'ok', certificate: await certificate(14 * 86_400) });
    }
    const valid = server.valid ?? true;
    const body = JSON.stringify({
      status: 'ok',
      valid,
      code: valid ? 'VALID' : 'SUSPENDED',
      message: valid ? 'The key is valid.' : 'The key is suspended.',
      key: { expiresAt: null },
    });
    const nonce = headers[SIGNED_REPLY_HEADERS.nonce] ?? '';
    const signedAt = new Date(Date.now() - (server.tamper === 'stale' ? 3_600_000 : 0)).toISOString();
    const signedNonce = server.tamper === 'nonce' ? 'another-request-nonce' : nonce;
    const signedPath = server.tamper === 'path' ? KEY_MANAGER_PATHS.getKeyInformation : path;
    const message = encoder.encode(signedReplyMessage(signedAt, signedNonce, signedPath, body));
    const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', privateKey, message));
    const sent = server.tamper === 'body' ? body.replace('"valid":false', '"valid":true') : body;
    return new Response(sent, {
      status: 200,
      headers: {
        'content-type': 'application/json',
        [SIGNED_REPLY_HEADERS.signature]: base64url(signature),
        [SIGNED_REPLY_HEADERS.signingKeyId]: signingKeyId,
        [SIGNED_REPLY_HEADERS.signedAt]: signedAt,
      },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const check = (store: LicenceStore) =>
  checkLicence('LIC-1', FINGERPRINT, store, {
    apiKey: 'km_pub_x',
    publicKeys: [publicKeyBase64],
    baseUrl: BASE,
  });

describe('the signed licence check example', () => {
  it('believes a signed answer, stores a certificate, and records the time the signature proved', async () => {
    const store = memoryStore();
    const fetch = stubServer({});
    expect(await check(store)).toEqual({ licensed: true, online: true, expiresAt: null });
    expect(store.items.get('licence-certificate')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(Number(store.items.get('licence-last-seen'))).toBeGreaterThan(Date.now() - 60_000);
    const [, init] = fetch.mock.calls[0] ?? [];
    const nonce = (init?.headers as Record<string, string> | undefined)?.[SIGNED_REPLY_HEADERS.nonce];
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('treats a forged, replayed, misdirected or stale reply as no answer and uses the stored certificate', async () => {
    for (const tamper of ['body', 'nonce', 'path', 'stale'] as const) {
      const store = memoryStore();
      stubServer({});
      await check(store);
      // The server now says "suspended", but the reply that reaches the app is not the owner's.
      stubServer({ tamper, valid: false });
      expect(await check(store), tamper).toMatchObject({ licensed: true, online: false });
      expect(store.items.has('licence-certificate'), tamper).toBe(true);
    }
  });

  it('ends the licence on a signed refusal, and offline without a certificate', async () => {
    const store = memoryStore();
    stubServer({});
    await check(store);
    stubServer({ valid: false });
    expect(await check(store)).toEqual({ licensed: false, reason: 'The key is suspended.' });
    expect(store.items.has('licence-certificate')).toBe(false);
    stubServer({ down: true });
    expect(await check(store)).toMatchObject({ licensed: false, reason: /Connect to the internet/ });
  });

  it('refuses a clock turned back behind a time the signatures proved', async () => {
    const store = memoryStore();
    stubServer({});
    await check(store);
    stubServer({ down: true });
    expect(await check(store)).toMatchObject({ licensed: true, online: false });
    // As if the device clock now stood an hour before the last signed time it saw.
    store.setItem('licence-last-seen', String(Date.now() + 3_600_000));
    expect(await check(store)).toEqual({ licensed: false, reason: 'The device clock was turned back.' });
  });
});
