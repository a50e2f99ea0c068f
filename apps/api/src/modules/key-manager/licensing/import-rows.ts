import {
  BULK_LIMITS,
  IMPORT_COLUMNS,
  type ImportRowError,
  KEY_LIMITS,
  zCustomerFields,
  zMoment,
} from '@app/contract';
import { z } from 'zod';
import { type CsvRecord, importedCell, isBlankRecord, parseCsv } from '../../../platform/csv/csv.js';
import { badRequest } from '../../../platform/http/errors.js';

type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** A row of an import that passed the checks a row can make alone (products and taken keys: bulk-import.ts). */
export interface ImportRow {
  line: number;
  /** Null: a key is generated. */
  key: string | null;
  name: string | null;
  note: string | null;
  /** A product code of the owner's; null: the import's product. */
  product: string | null;
  maxActivations: number;
  isActive: boolean;
  expiresAt: Date | null;
  customerName: string | null;
  customerEmail: string | null;
  customerRef: string | null;
}

/** What reading an import's CSV found: valid rows, every problem, and how many data rows there were. */
export interface ReadImport {
  /** Data rows (blank lines not counted). */
  rows: number;
  valid: ImportRow[];
  errors: ImportRowError[];
}

const REQUIRED_COLUMNS: readonly ImportColumn[] = ['max_activations'];
export const TOO_MANY_ROWS_MESSAGE = `The file has more than ${BULK_LIMITS.importRowsMax.toLocaleString('en-US')} rows`;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => text || null);
const orNull = (text: string | undefined) => text || null;

/**
 * One row's cells by column (a column the header leaves out reads as empty), checked with the
 * contract's rules for the same fields of add-key; messages name the column as the dashboard does
 * ("Max activations must be …"), the error's `field` is the column.
 */
const zImportCells = z.object({
  key: optionalText(KEY_LIMITS.keyMax),
  name: optionalText(KEY_LIMITS.nameMax),
  note: optionalText(KEY_LIMITS.noteMax),
  product: z
    .string()
    .trim()
    .transform((text) => text || null),
  max_activations: z
    .string()
    .trim()
    .min(1, { error: 'Max activations is required', abort: true })
    .regex(/^\d+$/, 'Max activations must be a whole number, 0 (unlimited) or more')
    .transform(Number)
    .pipe(z.number().max(KEY_LIMITS.maxActivationsMax)),
  is_active: z
    .string()
    .trim()
    .toLowerCase()
    .refine((text) => text === '' || text === 'true' || text === 'false', 'Active must be true or false')
    .transform((text) => text !== 'false'),
  expires_at: z
    .string()
    .trim()
    .transform((text) => text || undefined)
    .pipe(zMoment('Expires at').optional())
    .transform((text) => (text ? new Date(text) : null)),
  customer_name: zCustomerFields.customerName.transform(orNull),
  customer_email: zCustomerFields.customerEmail.transform(orNull),
  customer_ref: zCustomerFields.customerRef.transform(orNull),
});

/**
 * Reads an import's CSV (decision 032): a header row naming columns of IMPORT_COLUMNS (any order,
 * any letter case), then one key per row; blank lines are skipped. Problems are reported by line
 * (the header is line 1) and column; a file with more than BULK_LIMITS.importRowsMax rows is
 * refused as a whole (400).
 */
export function readImport(text: string): ReadImport {
  const parsed = parseCsv(text);
  const [header, ...records] = parsed.records;
  const data = records.filter((record) => !isBlankRecord(record));
  if (data.length > BULK_LIMITS.importRowsMax) throw badRequest(TOO_MANY_ROWS_MESSAGE, 'csv');
  const errors: ImportRowError[] = [];
  if (parsed.error) errors.push({ line: parsed.error.line, field: null, message: parsed.error.message });
  if (!header || isBlankRecord(header)) {
    if (!parsed.error) errors.push({ line: 1, field: null, message: 'The first line must name the columns' });
    return { rows: data.length, valid: [], errors };
  }
  const columns = readHeader(header, errors);
  if (!columns) return { rows: data.length, valid: [], errors };
  const valid: ImportRow[] = [];
  // Every row's key, valid or not, so a repeat is named even when the first row has other problems.
  const keyLines = new Map<string, number>();
  const keyColumn = columns.indexOf('key');
  for (const record of data) {
    const key = keyColumn < 0 ? '' : importedCell(record.fields[keyColumn] ?? '').trim();
    const first = key ? keyLines.get(key) : undefined;
    if (key && first === undefined) keyLines.set(key, record.line);
    const row = readRow(record, columns, errors);
    if (first !== undefined) {
      errors.push({ line: record.line, field: 'key', message: `This key is also on line ${first}` });
    } else if (row) valid.push(row);
  }
  return { rows: data.length, valid, errors };
}

/** The header's columns in order, or null (with the problems on line 1) when it cannot be used. */
function readHeader(header: CsvRecord, errors: ImportRowError[]): ImportColumn[] | null {
  const names = header.fields.map((field) => field.trim().toLowerCase());
  const known = new Set<string>(IMPORT_COLUMNS);
  const before = errors.length;
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const listed = unknown.map((name) => `"${name}"`).join(', ');
    errors.push({
      line: header.line,
      field: null,
      message: `Unknown column${unknown.length === 1 ? '' : 's'} ${listed}. The columns are ${IMPORT_COLUMNS.join(', ')}.`,
    });
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name) && known.has(name)) {
      errors.push({ line: header.line, field: name, message: `The column ${name} appears twice` });
    }
    seen.add(name);
  }
  for (const name of REQUIRED_COLUMNS) {
    if (!seen.has(name)) {
      errors.push({ line: header.line, field: name, message: `The column ${name} is required` });
    }
  }
  return errors.length === before ? (names as ImportColumn[]) : null;
}

function readRow(record: CsvRecord, columns: ImportColumn[], errors: ImportRowError[]): ImportRow | null {
  if (record.fields.length !== columns.length) {
    errors.push({
      line: record.line,
      field: null,
      message: `This row has ${record.fields.length} value${record.fields.length === 1 ? '' : 's'}; the header names ${columns.length} column${columns.length === 1 ? '' : 's'}`,
    });
    return null;
  }
  const cells: Record<string, string> = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, '']));
  columns.forEach((column, index) => {
    cells[column] = importedCell(record.fields[index] ?? '');
  });
  const checked = zImportCells.safeParse(cells);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      errors.push({ line: record.line, field: String(issue.path[0] ?? '') || null, message: issue.message });
    }
    return null;
  }
  const row = checked.data;
  return {
    line: record.line,
    key: row.key,
    name: row.name,
    note: row.note,
    product: row.product,
    maxActivations: row.max_activations,
    isActive: row.is_active,
    expiresAt: row.expires_at,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerRef: row.customer_ref,
  };
}
