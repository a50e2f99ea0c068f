import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@app/contract';
import { badRequest } from '../../platform/http/errors.js';

export const BAD_SIGNATURE_MESSAGE = 'Invalid webhook signature';
export const STALE_TIMESTAMP_MESSAGE = 'Webhook timestamp outside the tolerance';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the same shape Stripe uses. */
export function signPayload(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/**
 * Checks a signature header against the raw body: the timestamp must be within the tolerance of
 * `now` (old captures cannot be replayed) and the MAC is compared in constant time.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw badRequest(BAD_SIGNATURE_MESSAGE);
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const [key, value] = piece.split('=', 2);
    if (!key || !value) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  const candidates = parts.get('v1') ?? [];
  if (!Number.isInteger(timestamp) || candidates.length === 0) throw badRequest(BAD_SIGNATURE_MESSAGE);
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    throw badRequest(STALE_TIMESTAMP_MESSAGE);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const ok = candidates.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw badRequest(BAD_SIGNATURE_MESSAGE);
}
