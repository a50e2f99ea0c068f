import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-body.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('exceedsJsonDepth', () => {
  it('counts arrays and objects inside each other, up to the limit', () => {
    expect(exceedsJsonDepth(nested(32), 32)).toBe(false);
    expect(exceedsJsonDepth(nested(33), 32)).toBe(true);
    expect(exceedsJsonDepth('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a":{"b":[{"c":[1]}]}}', 4)).toBe(true);
  });

  it('counts siblings once, not their sum', () => {
    expect(exceedsJsonDepth(`[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(`{"text":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(exceedsJsonDepth(`{"text":"say \\"${'{'.repeat(100)}\\" \\\\"}`, 2)).toBe(false);
    expect(exceedsJsonDepth(`["\\\\",[[1]]]`, 2)).toBe(true);
  });

  it('refuses a megabyte of nesting at once', () => {
    const started = performance.now();
    expect(exceedsJsonDepth(nested(500_000), 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
