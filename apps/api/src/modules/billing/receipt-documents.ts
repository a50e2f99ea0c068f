import { RECEIPT_NOT_FOUND_MESSAGE, roleAllows } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, receipts } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/auth-user.js';
import { notFound } from '../../platform/http/errors.js';
import type { Seller } from '../../platform/pdf/pdf-document.js';
import { formatReceiptNumber } from './receipt-number.js';
import { renderReceiptPdf } from './receipt-pdf.js';

/**
 * A receipt as a PDF, for a member of its account whose role reaches payments, or the company's admin
 * (anyone else: 404, as if it did not exist).
 */
export class ReceiptDocuments {
  constructor(
    private readonly db: Db,
    private readonly seller: Seller,
  ) {}

  async pdf(receiptId: number, caller: AuthUser): Promise<{ filename: string; body: Buffer }> {
    const [row] = await this.db
      .select({ receipt: receipts, refundedCents: payments.refundedCents })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(eq(receipts.id, receiptId));
    const account = caller.account;
    const ofAccount =
      account !== null && row?.receipt.userId === account.id && roleAllows(account.role, 'billing', 'read');
    if (!row || (!ofAccount && caller.role !== 'admin')) throw notFound(RECEIPT_NOT_FOUND_MESSAGE);
    const { receipt } = row;
    const body = await renderReceiptPdf(
      {
        number: receipt.number,
        id: receipt.id,
        orderId: receipt.paymentId,
        issuedAt: receipt.issuedAt,
        method: receipt.method,
        firstName: receipt.firstName,
        lastName: receipt.lastName,
        email: receipt.email,
        phone: receipt.phone,
        address: receipt.address,
        city: receipt.city,
        country: receipt.country,
        items: receipt.items,
        duration: receipt.duration,
        amountCents: receipt.amountCents,
        refundedCents: row.refundedCents,
        currency: receipt.currency,
        status: receipt.status,
        statusMessage: receipt.statusMessage,
      },
      this.seller,
    );
    return { filename: `receipt-${formatReceiptNumber(receipt.number)}.pdf`, body };
  }
}
