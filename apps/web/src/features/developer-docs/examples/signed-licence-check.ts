// TypeScript (browsers, Node 20+; Web Crypto only): signed online check, cached certificate when
// offline. Online, believe only a validate-key reply signed with your licence key, and store a fresh
// certificate; when the service cannot be reached, or its reply fails the signature check (a fake
// server is no better than none), verify the stored certificate. A clock turned back is refused.

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server
const PUBLISHABLE_KEY = 'km_pub_…'; // API tab → Generate API key → Publishable
const PRODUCT = 'studio'; // Key Manager → Products: your product's code
/** Every public key of Key Manager → Offline licences (base64), current and previous. */
export const PUBLIC_KEYS: readonly string[] = ['YOUR_PUBLIC_KEY'];
const VALIDATE = '/api/v1/saas-platform/key-manager/validate-key';
/** How far the device clock may be off, either way. */
const TOLERANCE_MS = 5 * 60_000;
const OFFLINE_DAYS = 14;
const CERTIFICATE = 'licence-certificate';
const LAST_SEEN = 'licence-last-seen';

/** Where the certificate and the last-seen time are kept: localStorage, or a file in a desktop app. */
export interface LicenceStore {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

/** Where to ask and what to trust: the constants above unless given. */
export interface CheckOptions {
  apiKey?: string;
  publicKeys?: readonly string[];
  baseUrl?: string;
}

export type LicenceCheck =
  | { licensed: true; online: boolean; expiresAt: string | null }
  | { licensed: false; reason: string };

/** No answer we can trust: the network, a 429 or 5xx, or a reply that fails its checks. */
class Unreachable extends Error {}

const encoder = new TextEncoder();
const bytes = (base64: string) =>
  Uint8Array.from(atob(base64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const base64url = (data: Uint8Array) =>
  btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Your public keys by their id: base64url of the first 12 bytes of SHA-256 over the key (SPKI DER). */
async function signingKeys(publicKeys: readonly string[]) {
  const keys = new Map<string, CryptoKey>();
  for (const text of publicKeys) {
    const der = bytes(text);
    const id = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', der)).slice(0, 12));
    keys.set(id, await crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']));
  }
  return keys;
}

/** The last-seen-time guard: real time never runs backwards past a time your signatures proved. */
function observe(store: LicenceStore, provenAtMs: number, nowMs: number) {
  const lastSeen = Number(store.getItem(LAST_SEEN) ?? 0);
  if (nowMs < lastSeen - TOLERANCE_MS) throw new Error('The device clock was turned back.');
  if (provenAtMs > lastSeen) store.setItem(LAST_SEEN, String(provenAtMs));
}

interface Validation {
  valid: boolean;
  code: string;
  message: string;
  key: { expiresAt: string | null } | null;
}

/** validate-key with a fresh nonce; the reply is accepted only if your key signed it for this request. */
export async function validateSigned(
  licenceKey: string,
  fingerprint: string,
  store: LicenceStore,
  { apiKey = PUBLISHABLE_KEY, publicKeys = PUBLIC_KEYS, baseUrl = KEY_MANAGER_URL }: CheckOptions = {},
): Promise<Validation> {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(32)));
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${VALIDATE}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
        'x-km-nonce': nonce,
      },
      body: JSON.stringify({ key: licenceKey, fingerprint, product: PRODUCT }),
    });
  } catch {
    throw new Unreachable('No answer');
  }
  if (response.status === 429 || response.status >= 500) throw new Unreachable(`HTTP ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer()); // the bytes as sent: never re-serialised
  const reply = JSON.parse(new TextDecoder().decode(body)) as Validation & { status: string };
  if (!response.ok) throw new Error((reply as { message?: string }).message ?? `HTTP ${response.status}`);

  const signature = response.headers.get('x-km-signature');
  const signedAt = response.headers.get('x-km-signed-at');
  const key = (await signingKeys(publicKeys)).get(response.headers.get('x-km-signing-key') ?? '');
  if (!signature || !signedAt || !key) throw new Unreachable('Unsigned, or signed by a key you did not ship');
  const prefix = encoder.encode(`km-reply-v1\n${signedAt}\n${nonce}\n${VALIDATE}\n`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  if (!(await crypto.subtle.verify('Ed25519', key, bytes(signature), message))) {
    throw new Unreachable('Bad signature: altered, forged, or the answer to another request');
  }
  const signedAtMs = Date.parse(signedAt);
  if (Math.abs(Date.now() - signedAtMs) > TOLERANCE_MS) throw new Unreachable('Stale reply');
  observe(store, signedAtMs, Date.now());
  return reply;
}

/** An offline certificate, verified with your public keys: its signature, this device, its times. */
export async function verifyCertificate(
  certificate: string,
  fingerprint: string,
  store: LicenceStore,
  publicKeys: readonly string[] = PUBLIC_KEYS,
) {
  const [payloadPart = '', signaturePart = ''] = certificate.split('.');
  const payload = JSON.parse(new TextDecoder().decode(bytes(payloadPart))) as {
    signingKeyId: string;
    fingerprint: string;
    issuedAt: number;
    expiresAt: number;
  };
  const key = (await signingKeys(publicKeys)).get(payload.signingKeyId);
  if (
    !key ||
    !(await crypto.subtle.verify('Ed25519', key, bytes(signaturePart), encoder.encode(payloadPart)))
  ) {
    throw new Error('The stored licence is not signed by you.');
  }
  if (payload.fingerprint !== fingerprint) throw new Error('The stored licence is for another device.');
  const now = Date.now();
  observe(store, payload.issuedAt * 1000, now);
  if (now > payload.expiresAt * 1000 + TOLERANCE_MS) throw new Error('Go online to renew your licence.');
  return payload;
}

async function post(
  operation: string,
  body: object,
  { apiKey = PUBLISHABLE_KEY, baseUrl = KEY_MANAGER_URL }: CheckOptions,
) {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/${operation}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Unreachable('No answer');
  }
  if (response.status === 429 || response.status >= 500) throw new Unreachable(`HTTP ${response.status}`);
  const reply = (await response.json()) as { status: string; message: string; certificate?: string };
  if (reply.status !== 'ok') throw new Error(reply.message); // a refusal, e.g. Activation limit reached
  return reply;
}

/** The whole check: call it at start and every few hours. */
export async function checkLicence(
  licenceKey: string,
  fingerprint: string,
  store: LicenceStore,
  options: CheckOptions = {},
): Promise<LicenceCheck> {
  try {
    let validation = await validateSigned(licenceKey, fingerprint, store, options);
    if (validation.code === 'NOT_ACTIVATED') {
      await post('activate-key', { key: licenceKey, fingerprint }, options);
      validation = await validateSigned(licenceKey, fingerprint, store, options);
    }
    if (!validation.valid) {
      store.removeItem(CERTIFICATE); // an answer always wins over the cache
      return { licensed: false, reason: validation.message };
    }
    const ttlSeconds = OFFLINE_DAYS * 86_400; // never beyond the key's own end
    const { certificate } = await post(
      'checkout-license',
      { key: licenceKey, fingerprint, ttlSeconds },
      options,
    );
    if (certificate) store.setItem(CERTIFICATE, certificate);
    return { licensed: true, online: true, expiresAt: validation.key?.expiresAt ?? null };
  } catch (error) {
    if (!(error instanceof Unreachable)) {
      store.removeItem(CERTIFICATE);
      return { licensed: false, reason: (error as Error).message };
    }
  }
  const certificate = store.getItem(CERTIFICATE);
  if (!certificate)
    return { licensed: false, reason: 'Connect to the internet once to activate this device.' };
  try {
    const licence = await verifyCertificate(certificate, fingerprint, store, options.publicKeys);
    return { licensed: true, online: false, expiresAt: new Date(licence.expiresAt * 1000).toISOString() };
  } catch (error) {
    return { licensed: false, reason: (error as Error).message };
  }
}
