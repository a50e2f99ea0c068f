import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { ACCESS_TTL_SECONDS, createTokenService } from './tokens.js';

const USER = randomUUID();
const SESSION = randomUUID();

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';

describe('access tokens', () => {
  it('verifies a token again from memory until its expiry second, then refuses it', async () => {
    const clock = new ManualClock(new Date('2026-11-23T10:00:00.000Z'));
    const tokens = createTokenService(SECRET, clock);
    const token = await tokens.signAccess(USER, 'c', SESSION);
    const first = await tokens.verifyAccess(token);
    expect(first).toMatchObject({ sub: USER, user_type: 'c', sid: SESSION });
    expect(await tokens.verifyAccess(token)).toEqual(first);
    clock.advance(ACCESS_TTL_SECONDS * 1000 - 1);
    expect(await tokens.verifyAccess(token)).toEqual(first);
    clock.advance(1);
    expect(await tokens.verifyAccess(token)).toBeNull();
    // The memo adds no rule of its own: with the clock moved back, jose accepts the token again.
    clock.advance(-1);
    expect(await tokens.verifyAccess(token)).toEqual(first);
  });

  it('refuses a token that differs by one character from a remembered one, and another secret’s token', async () => {
    const clock = new ManualClock();
    const tokens = createTokenService(SECRET, clock);
    const token = await tokens.signAccess(USER, 'c', SESSION);
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    // A character inside the signature: the last one also carries two unused bits, so changing it
    // can decode to the same bytes (that flaked once in a run).
    const [header, payload, signature = ''] = token.split('.');
    const flipped = (signature[5] === 'A' ? 'B' : 'A') + signature.slice(6);
    expect(await tokens.verifyAccess(`${header}.${payload}.${signature.slice(0, 5)}${flipped}`)).toBeNull();
    const otherPayload = Buffer.from(
      JSON.stringify({ sub: randomUUID(), user_type: 'a', sid: SESSION, iat: 1, exp: 4_000_000_000 }),
    ).toString('base64url');
    expect(await tokens.verifyAccess(`${header}.${otherPayload}.${signature}`)).toBeNull();
    const foreign = await createTokenService(`${SECRET}-other`, clock).signAccess(USER, 'c', SESSION);
    expect(await tokens.verifyAccess(foreign)).toBeNull();
  });

  it('remembers at most memoSize tokens and still verifies the ones it forgot', async () => {
    const clock = new ManualClock();
    const tokens = createTokenService(SECRET, clock, 3);
    const first = await tokens.signAccess(USER, 'c', SESSION);
    await tokens.verifyAccess(first);
    for (let i = 0; i < 5; i += 1) {
      await tokens.verifyAccess(await tokens.signAccess(randomUUID(), 'c', randomUUID()));
    }
    expect(await tokens.verifyAccess(first)).toMatchObject({ sub: USER });
  });
});
