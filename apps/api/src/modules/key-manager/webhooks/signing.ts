import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@app/contract';

/** A new signing secret: `whsec_` and 256 random bits. */
export function generateSigningSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * The `Northwind-Signature` value, Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<body>"`, keyed with the whole secret (`whsec_…`) as UTF-8. The receiver recomputes it from
 * the raw body and refuses a `t` too far from its clock, so a captured delivery cannot be replayed.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${signature}`;
}
