import { describe, expect, it } from 'vitest';
import { issuedKeysCsv, toCsv } from './csv-text';

describe('toCsv', () => {
  it('quotes fields with commas, quotes and line breaks, and ends lines with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['plain', 'with, comma'],
          ['say "hi"', 'two\nlines'],
          [null, 3],
        ],
      ),
    ).toBe('a,b\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"\r\n,3\r\n');
  });

  it('writes issued keys as id and key', () => {
    const csv = issuedKeysCsv({
      status: 'ok',
      message: '2 keys issued',
      count: 2,
      keys: [
        { id: 'id-1', key: 'AAAA-1111' },
        { id: 'id-2', key: 'BBBB-2222' },
      ],
    });
    expect(csv.split('\r\n')).toEqual(['id,key', 'id-1,AAAA-1111', 'id-2,BBBB-2222', '']);
  });
});
