import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

const MATERIAL = 'k'.repeat(40);

describe('SecretBox', () => {
  it('opens what it sealed for the same id, and nothing sealed for another id or with other key material', () => {
    const box = new SecretBox(MATERIAL);
    const sealed = box.seal('whsec_plain', 'row-1');
    expect(sealed).not.toContain('whsec_plain');
    expect(box.open(sealed, 'row-1')).toBe('whsec_plain');
    expect(() => box.open(sealed, 'row-2')).toThrow();
    expect(() => new SecretBox('j'.repeat(40)).open(sealed, 'row-1')).toThrow();
  });

  it('keeps purposes apart: the same key material under another purpose cannot open it', () => {
    const licences = new SecretBox(MATERIAL, { salt: 'other-salt', info: 'other use v1' });
    const sealed = licences.seal('signing key', 'row-1');
    expect(licences.open(sealed, 'row-1')).toBe('signing key');
    expect(() => new SecretBox(MATERIAL).open(sealed, 'row-1')).toThrow();
  });

  it("defaults to the webhooks' purpose, so secrets stored before the move still open", () => {
    const webhooks = { salt: 'northwind-webhooks', info: 'webhook signing secret v1' };
    const sealed = new SecretBox(MATERIAL, webhooks).seal('whsec_plain', 'endpoint-1');
    expect(new SecretBox(MATERIAL).open(sealed, 'endpoint-1')).toBe('whsec_plain');
  });
});
