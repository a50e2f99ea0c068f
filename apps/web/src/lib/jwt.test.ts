import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/tokens';
import { decodeJwtPayload, readJwtExp } from './jwt';

describe('readJwtExp', () => {
  it('reads exp from a base64url payload', () => {
    expect(readJwtExp(fakeJwt({ sub: '1', exp: 1_900_000_000 }))).toBe(1_900_000_000);
  });

  it('decodes base64url characters and UTF-8 text', () => {
    // '~~~' and 'é' produce '-'/'_' and multi-byte sequences in base64url.
    const token = fakeJwt({ name: 'Zoé ~~~???', exp: 5 });
    expect(decodeJwtPayload(token)).toMatchObject({ name: 'Zoé ~~~???', exp: 5 });
  });

  it('returns null for malformed tokens and a missing or non-numeric exp', () => {
    expect(readJwtExp('not-a-token')).toBeNull();
    expect(readJwtExp('a.b')).toBeNull();
    expect(readJwtExp('a.%%%.c')).toBeNull();
    expect(readJwtExp(fakeJwt({ sub: '1' }))).toBeNull();
    expect(readJwtExp(fakeJwt({ exp: '123' }))).toBeNull();
    expect(readJwtExp(`x.${btoa('[1,2]')}.y`)).toBeNull();
  });
});
