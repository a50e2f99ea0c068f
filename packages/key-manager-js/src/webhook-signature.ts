/**
 * Verifying webhook deliveries (docs/api.md "Webhooks"). Self-contained on purpose: Web Crypto only,
 * so it runs in Node 18+, Deno, Bun and edge runtimes alike.
 */

/** The request header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Northwind-Signature';
/** Deliveries signed longer ago (or further ahead) than this are refused by default: replays. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Every event a delivery may carry: the ones an endpoint subscribes to, and `webhook.test` from the
 * dashboard's "Send test event". Written out (not imported) so the package needs nothing from the
 * monorepo; `wire-types.test.ts` keeps it equal to the server's list.
 */
export const WEBHOOK_EVENT_TYPES = [
  'key.created',
  'key.activated',
  'key.deactivated',
  'key.enabled',
  'key.disabled',
  'key.deleted',
  'key.limit_reached',
  'api_key.revoked',
  'api_key.rolled',
  'api_key.expiring',
  'lease.expired',
  'key.expiring',
  'key.expired',
  'key.renewed',
  'key.suspended',
  'trial.started',
  'trial.converted',
  'device.released',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The JSON body of a delivery. */
export interface WebhookEvent<T = Record<string, unknown>> {
  /** `evt_…`: the same on every retry and redelivery, so receivers can ignore duplicates. */
  id: string;
  /** `key.created`, `key.activated`, … or `webhook.test`: a `switch` on it is checked by the compiler. */
  type: WebhookEventType;
  /** Unix seconds when the event happened. */
  created: number;
  data: T;
}

/** Why a delivery was refused by `constructWebhookEvent`. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

const encoder = new TextEncoder();

/**
 * True when `header` holds a `v1` signature of `payload` made with `secret`, dated within
 * `toleranceSeconds` of now. `payload` must be the raw request body exactly as received (before any
 * JSON parsing); `secret` the endpoint's signing secret, `whsec_…` included. The comparison is Web
 * Crypto's HMAC verify, which takes the same time however many bytes match.
 */
export async function verifyWebhookSignature(
  payload: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  return (await check(payload, header, secret, toleranceSeconds, nowSeconds)) === null;
}

/** Verifies like `verifyWebhookSignature`, then parses the event; throws `WebhookSignatureError`. */
export async function constructWebhookEvent<T = Record<string, unknown>>(
  payload: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
): Promise<WebhookEvent<T>> {
  const problem = await check(payload, header, secret, toleranceSeconds, Math.floor(Date.now() / 1000));
  if (problem) throw new WebhookSignatureError(problem);
  const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  return JSON.parse(text) as WebhookEvent<T>;
}

/** Null when the delivery is genuine, else the reason it is not. */
async function check(
  payload: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds: number,
  nowSeconds: number,
): Promise<string | null> {
  if (!header) return `No ${WEBHOOK_SIGNATURE_HEADER} header`;
  let timestamp: number | null = null;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Other schemes (and v0) are ignored, as Stripe does, so new ones can be added later.
    if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(fromHex(value));
  }
  if (timestamp === null || signatures.length === 0) return 'The signature header is malformed';
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return 'The signature is too old (or dated in the future): outside the tolerance';
  }
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const body = typeof payload === 'string' ? encoder.encode(payload) : payload;
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  for (const signature of signatures) {
    if (await crypto.subtle.verify('HMAC', key, signature, signed)) return null;
  }
  return 'No signature matches the payload and secret';
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
