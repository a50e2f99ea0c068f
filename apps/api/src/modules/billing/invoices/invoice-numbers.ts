import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';

/**
 * The next invoice number of `year` (decision 035), drawn in the caller's transaction: the year's
 * counter row is bumped (its row lock queues concurrent issues, on one instance or many), and a
 * rollback returns the number with the invoice, so the numbers of a year have no gaps.
 */
export async function nextInvoiceSequence(tx: DbOrTransaction, year: number): Promise<number> {
  const [row] = await rawRows<{ last: number }>(
    tx,
    sql`insert into invoice_counters (year, last) values (${year}, 1)
        on conflict (year) do update set last = invoice_counters.last + 1
        returning last`,
  );
  if (!row) throw new Error('invoice counter returned nothing');
  return Number(row.last);
}

/** INV-2026-0042: the year and the year's sequence, at least four digits. */
export const formatInvoiceNumber = (year: number, sequence: number) =>
  `INV-${year}-${String(sequence).padStart(4, '0')}`;
