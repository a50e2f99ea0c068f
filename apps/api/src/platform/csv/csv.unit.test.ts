import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, importedCell, isBlankRecord, parseCsv } from './csv.js';

const fieldsOf = (text: string) => {
  const parsed = parseCsv(text);
  expect(parsed.error).toBeNull();
  return parsed.records.map((record) => record.fields);
};

describe('parseCsv (RFC 4180)', () => {
  it('reads plain records with CRLF, LF or CR line ends, and no empty record after the last one', () => {
    expect(fieldsOf('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fieldsOf('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fieldsOf('a\r1\r')).toEqual([['a'], ['1']]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(fieldsOf(',a,,\r\n')).toEqual([['', 'a', '', '']]);
    expect(fieldsOf('a,')).toEqual([['a', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and line ends inside', () => {
    expect(fieldsOf('"a,b","say ""hi""","two\r\nlines",""\r\nx,y,z,w')).toEqual([
      ['a,b', 'say "hi"', 'two\r\nlines', ''],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('numbers records by the line they start on, counting line ends inside quotes', () => {
    const parsed = parseCsv('h\r\n"one\r\ntwo\nthree"\r\nnext\n\nlast');
    expect(parsed.records.map((record) => [record.line, record.fields])).toEqual([
      [1, ['h']],
      [2, ['one\r\ntwo\nthree']],
      [5, ['next']],
      [6, ['']],
      [7, ['last']],
    ]);
  });

  it('skips a byte-order mark and takes a quote inside an unquoted value as it is', () => {
    expect(fieldsOf('\ufeffkey,name\r\nK1,5" disk')).toEqual([
      ['key', 'name'],
      ['K1', '5" disk'],
    ]);
  });

  it('stops at an unclosed quote, naming the line it opened on, with the records before it', () => {
    const parsed = parseCsv('a,b\r\n1,2\r\n3,"never\r\nclosed');
    expect(parsed.error).toEqual({ line: 3, message: 'A quoted value is not closed' });
    expect(parsed.records.map((record) => record.fields)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses text after a closing quote', () => {
    expect(parseCsv('a\r\n"x"y,z').error).toEqual({
      line: 2,
      message: 'Only a comma or a line end may follow a closing quote',
    });
  });

  it('tells blank records apart', () => {
    const [blank, spaces, full] = parseCsv('\r\n , \r\nx\r\n').records;
    expect(blank && isBlankRecord(blank)).toBe(true);
    expect(spaces && isBlankRecord(spaces)).toBe(true);
    expect(full && isBlankRecord(full)).toBe(false);
  });
});

describe('csvCell and csvRecord', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(false)).toBe('false');
    expect(csvRecord(['a', null, 3, 'x,y'])).toBe('a,,3,"x,y"\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('round-trips through the parser, the import dropping the neutralising apostrophe', () => {
    const values = ['=1+2', 'a,"b"', 'multi\r\nline', '', "it's", '-x', '@me'];
    const [record] = parseCsv(csvRecord(values)).records;
    expect(record?.fields.map(importedCell)).toEqual(values);
  });
});
