import { describe, expect, it } from 'vitest';
import { cursorPart, decodeCursor, encodeCursor } from './cursor.js';

const UUID = '0b5f4f52-2c7a-4d0e-9a53-6b7c1f0d2e11';

describe('cursor timestamps', () => {
  it('accepts the exact timestamps the lists write (microseconds, UTC)', () => {
    for (const part of ['2026-01-02T03:04:05.123456Z', '2026-01-02T03:04:05Z', '2024-02-29T23:59:59.5Z']) {
      expect(cursorPart.timestamp(part), part).toBe(true);
    }
  });

  it('refuses well-shaped strings that are no real moment, so none reaches a SQL cast (a 500)', () => {
    for (const part of [
      '2026-13-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60:00Z',
      '2026-01-01T23:59:60Z',
      '0000-01-01T00:00:00Z',
    ]) {
      expect(cursorPart.timestamp(part), part).toBe(false);
      expect(
        () => decodeCursor(encodeCursor([part, UUID]), [cursorPart.timestamp, cursorPart.uuid]),
        part,
      ).toThrow('That page link is not valid; start from the first page');
    }
  });
});

describe('cursor integers', () => {
  it('accepts serial ids up to the largest int4', () => {
    for (const part of ['1', '42', '2147483647']) expect(cursorPart.integer(part), part).toBe(true);
  });

  it('refuses an id past int4, so none reaches the ::integer cast (a 500)', () => {
    for (const part of ['2147483648', '99999999999', '999999999999999', '-1', '1.5', '']) {
      expect(cursorPart.integer(part), part).toBe(false);
      expect(
        () =>
          decodeCursor(encodeCursor(['2026-01-02T03:04:05Z', part]), [
            cursorPart.timestamp,
            cursorPart.integer,
          ]),
        part,
      ).toThrow('That page link is not valid; start from the first page');
    }
  });
});
