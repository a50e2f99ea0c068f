import { describe, expect, it } from 'vitest';
import { hasDisallowedCharacters, stripInvisibleCharacters } from './text-hygiene.js';

describe('hasDisallowedCharacters', () => {
  it('refuses NUL, other C0 and C1 controls, DEL and broken surrogates', () => {
    for (const text of [
      'a\u0000b',
      '\u0007',
      'x\u001b[31m',
      '\u007f',
      '\u0085',
      'a\ud800b',
      '\udc00',
      'end\ud83d',
    ]) {
      expect(hasDisallowedCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('accepts tab, line breaks, emoji, scripts and invisible characters (those are stripped where shown)', () => {
    for (const text of [
      'a\tb',
      'line\nline\r\n',
      '😀 👨‍👩‍👧',
      'Zoë Ωmega 日本語 مرحبا',
      'invoice\u202egnp.exe',
      '',
    ]) {
      expect(hasDisallowedCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('stripInvisibleCharacters', () => {
  it('removes bidi overrides, isolates, zero-width characters and marks', () => {
    expect(stripInvisibleCharacters('invoice\u202egnp.exe')).toBe('invoicegnp.exe');
    expect(stripInvisibleCharacters('\u2066Eve\u2069\u200b\u200f\ufeff\u061c')).toBe('Eve');
    expect(stripInvisibleCharacters('Grace Hopper')).toBe('Grace Hopper');
  });
});
