import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constructWebhookEvent, verifyWebhookSignature, WebhookSignatureError } from './index.js';

// The documented recipe, done independently of the verifier.
const SECRET = 'whsec_test-secret-0123456789abcdefghijklmnopqrstu';
const BODY = JSON.stringify({ id: 'evt_1', type: 'key.created', created: 1_700_000_000, data: { key: {} } });
const sign = (body: string, t: number, secret = SECRET) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
const now = Math.floor(Date.now() / 1000);

describe('verifyWebhookSignature', () => {
  it('accepts a delivery signed with the secret, as text or bytes', async () => {
    expect(await verifyWebhookSignature(BODY, sign(BODY, now), SECRET)).toBe(true);
    expect(await verifyWebhookSignature(new TextEncoder().encode(BODY), sign(BODY, now), SECRET)).toBe(true);
  });

  it('refuses a changed body, another secret, a missing or malformed header', async () => {
    expect(await verifyWebhookSignature(`${BODY} `, sign(BODY, now), SECRET)).toBe(false);
    expect(await verifyWebhookSignature(BODY, sign(BODY, now, 'whsec_other'), SECRET)).toBe(false);
    expect(await verifyWebhookSignature(BODY, undefined, SECRET)).toBe(false);
    expect(await verifyWebhookSignature(BODY, `t=${now}`, SECRET)).toBe(false);
    expect(await verifyWebhookSignature(BODY, 'v1=abc,t=x', SECRET)).toBe(false);
  });

  it('refuses deliveries outside the tolerance on either side (replays)', async () => {
    // The verifier's clock is pinned to `now`: on a busy machine seconds pass between this module's load
    // and the test, and an edge case 1 s inside or outside the window would flip.
    expect(await verifyWebhookSignature(BODY, sign(BODY, now - 301), SECRET, undefined, now)).toBe(false);
    expect(await verifyWebhookSignature(BODY, sign(BODY, now + 301), SECRET, undefined, now)).toBe(false);
    expect(await verifyWebhookSignature(BODY, sign(BODY, now - 299), SECRET, undefined, now)).toBe(true);
    expect(await verifyWebhookSignature(BODY, sign(BODY, now - 1000), SECRET, 2000, now)).toBe(true);
  });

  it('accepts when any of several v1 signatures matches, ignoring unknown schemes', async () => {
    const good = sign(BODY, now).split(',')[1];
    const header = `t=${now},v0=deadbeef,v1=${'0'.repeat(64)},${good}`;
    expect(await verifyWebhookSignature(BODY, header, SECRET)).toBe(true);
  });
});

describe('constructWebhookEvent', () => {
  it('returns the parsed event or says why it refused', async () => {
    const event = await constructWebhookEvent(BODY, sign(BODY, now), SECRET);
    expect(event).toMatchObject({ id: 'evt_1', type: 'key.created' });
    await expect(constructWebhookEvent(BODY, sign(BODY, now - 600), SECRET)).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(constructWebhookEvent(BODY, sign(BODY, now, 'whsec_x'), SECRET)).rejects.toThrow(
      /No signature matches/,
    );
  });
});
