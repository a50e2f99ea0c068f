/*
 * CSV as RFC 4180 writes it (decision 032's bulk import and export; decision 035's invoice export): fields separated by commas,
 * records by CRLF (LF and a lone CR are read as line ends too), a field in double quotes may hold
 * commas, line ends and quotes doubled (""). No package: the repository has none, and this is all
 * the import needs.
 */

/** One record of a CSV text and the 1-based line it starts on (a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Why a CSV text could not be read, at the line where reading stopped. */
export interface CsvSyntaxError {
  line: number;
  message: string;
}

export type CsvParse =
  | { records: CsvRecord[]; error: null }
  | { records: CsvRecord[]; error: CsvSyntaxError };

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * The records of a CSV text, in order. A byte-order mark (spreadsheets write one) is skipped; a last
 * line end does not make an empty record. Reading stops at the first syntax error (an unclosed
 * quote, or text after a closing quote), since the records after it cannot be told apart; the
 * records before it are returned with the error.
 */
export function parseCsv(text: string): CsvParse {
  const records: CsvRecord[] = [];
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const end = text.length;
  while (index < end) {
    const recordLine = line;
    const fields: string[] = [];
    // One field per pass; the record ends at a line end or the end of the text.
    for (;;) {
      let value: string;
      if (text.charCodeAt(index) === QUOTE) {
        const openedOn = line;
        let parts = '';
        let from = index + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote === -1) {
            return { records, error: { line: openedOn, message: 'A quoted value is not closed' } };
          }
          line += countLineEnds(text, from, quote);
          parts += text.slice(from, quote);
          if (text.charCodeAt(quote + 1) === QUOTE) {
            parts += '"';
            from = quote + 2;
            continue;
          }
          index = quote + 1;
          break;
        }
        value = parts;
        const next = text.charCodeAt(index);
        if (index < end && next !== COMMA && next !== CR && next !== LF) {
          return {
            records,
            error: { line, message: 'Only a comma or a line end may follow a closing quote' },
          };
        }
      } else {
        let stop = index;
        while (stop < end) {
          const code = text.charCodeAt(stop);
          if (code === COMMA || code === CR || code === LF) break;
          stop++;
        }
        // A quote inside an unquoted value is taken as it is (what spreadsheets do).
        value = text.slice(index, stop);
        index = stop;
      }
      fields.push(value);
      if (index >= end) break;
      const code = text.charCodeAt(index);
      if (code === COMMA) {
        index++;
        if (index < end) continue;
        // A comma at the very end still ends a field: `a,` is two values.
        fields.push('');
        break;
      }
      // CRLF, LF or a lone CR ends the record.
      index += code === CR && text.charCodeAt(index + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    records.push({ line: recordLine, fields });
  }
  return { records, error: null };
}

/** Line ends (CRLF counted once) in text[from, to). */
function countLineEnds(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code === LF) count++;
    else if (code === CR && text.charCodeAt(index + 1) !== LF) count++;
  }
  return count;
}

/** True for a record that holds nothing: an empty line, which imports skip. */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

/*
 * A cell a spreadsheet would run as a formula (CSV injection, OWASP): text starting with =, +, -, @,
 * a tab or a carriage return. The export writes such text after an apostrophe, which spreadsheets
 * show as text and hide; the import drops that apostrophe again, so an export imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** A value as one CSV cell: quoted when it must be, formula-like text neutralised. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF. */
export function csvRecord(values: readonly (string | number | boolean | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** An imported cell's text: the export's neutralising apostrophe dropped (see `csvCell`). */
export function importedCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}
