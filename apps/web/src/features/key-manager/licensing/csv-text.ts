import type { IssueKeysResponse } from '@app/contract';
import { saveBlob } from '../../../lib/protected-file';

/** CSV as RFC 4180 writes it: a field with a comma, quote or line break is quoted and its quotes doubled. */
function field(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the data rows, lines ending in CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(field).join(',')}\r\n`).join('');
}

/** Saves CSV text as a file. */
export function downloadCsv(text: string, name: string): void {
  saveBlob(new Blob([text], { type: 'text/csv' }), name);
}

/** Issued keys as CSV: the id (for the API and the key page) and the key (for the customer). */
export function issuedKeysCsv(reply: IssueKeysResponse): string {
  return toCsv(
    ['id', 'key'],
    reply.keys.map((issued) => [issued.id, issued.key]),
  );
}
