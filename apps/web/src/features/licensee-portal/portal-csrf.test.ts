import { PORTAL_CSRF_HEADER } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { portalCsrfHeaders, portalCsrfToken } from './portal-csrf';

describe('portalCsrfToken', () => {
  it("uses the session's token once signed in, the face's before", () => {
    const face = { csrfToken: 'face-token' };
    expect(portalCsrfToken(face, undefined)).toBe('face-token');
    expect(portalCsrfToken(face, null)).toBe('face-token');
    expect(portalCsrfToken(face, { csrfToken: 'session-token' })).toBe('session-token');
    expect(portalCsrfToken(undefined, undefined)).toBeUndefined();
  });
});

describe('portalCsrfHeaders', () => {
  it('sends the token as X-Portal-CSRF on every write', () => {
    expect(PORTAL_CSRF_HEADER).toBe('X-Portal-CSRF');
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect(portalCsrfHeaders(method, 't0k')).toEqual({ 'X-Portal-CSRF': 't0k' });
    }
  });

  it('sends nothing on reads, nor without a token', () => {
    expect(portalCsrfHeaders('GET', 't0k')).toEqual({});
    expect(portalCsrfHeaders('POST', undefined)).toEqual({});
    expect(portalCsrfHeaders('POST', '')).toEqual({});
  });
});
