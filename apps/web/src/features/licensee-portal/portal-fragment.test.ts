import { PORTAL_LINKS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { parsePortalFragment, portalEmailParam } from './portal-fragment';

const hashOf = (link: string) => new URL(link, 'https://example.test').hash;
const searchOf = (link: string) => new URL(link, 'https://example.test').search;

describe('parsePortalFragment', () => {
  it('reads the key an app links with (PORTAL_LINKS.withKey), characters a key may hold included', () => {
    const key = 'ABCD-1234+x/y=z&w';
    expect(parsePortalFragment(hashOf(PORTAL_LINKS.withKey('acme', key)))).toEqual({ kind: 'key', key });
  });

  it('keeps a + a developer left unencoded as a +, not a space', () => {
    expect(parsePortalFragment('#key=AB+CD')).toEqual({ kind: 'key', key: 'AB+CD' });
  });

  it('reads the mailed link (PORTAL_LINKS.signInLink) as an attempt and its code', () => {
    const attemptId = '0b6b5d1e-3a43-4a52-9a1e-7d2f4c4c1a10';
    expect(parsePortalFragment(hashOf(PORTAL_LINKS.signInLink('acme', attemptId, '012345')))).toEqual({
      kind: 'link',
      attemptId,
      code: '012345',
    });
  });

  it('prefers the link to a key when both are there, and needs both halves of a link', () => {
    expect(parsePortalFragment('#key=K1&attempt=a&code=1')).toEqual({
      kind: 'link',
      attemptId: 'a',
      code: '1',
    });
    expect(parsePortalFragment('#attempt=a')).toEqual({ kind: 'none' });
    expect(parsePortalFragment('#code=123456&key=K2')).toEqual({ kind: 'key', key: 'K2' });
  });

  it('ignores empty, blank, malformed and unknown parts', () => {
    for (const hash of ['', '#', '#key=', '#key=%20%20', '#key=%E0%A4%A', '#=x', '#other=1', '#key']) {
      expect(parsePortalFragment(hash), hash).toEqual({ kind: 'none' });
    }
  });
});

describe('portalEmailParam', () => {
  it('reads ?email= as PORTAL_LINKS.withEmail writes it, and nothing otherwise', () => {
    expect(portalEmailParam(searchOf(PORTAL_LINKS.withEmail('acme', 'ann+tag@example.com')))).toBe(
      'ann+tag@example.com',
    );
    expect(portalEmailParam('')).toBe('');
    expect(portalEmailParam('?other=1')).toBe('');
  });
});
