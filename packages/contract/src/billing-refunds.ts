import { z } from 'zod';
import { ZPaymentStatus } from './billing.js';
import { INT4_MAX, zIntId } from './integer-ids.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Extensions (not in the spec; docs/decisions/022): the admin's payments list and refunds, and the
 * receipt as a PDF. Money in integer cents.
 */
export const REFUND_PATHS = {
  adminPaymentsGet: '/api/v1/admin/payments',
  adminRefund: '/api/v1/admin/payments/refund',
  /** The caller's receipt (an admin: anyone's) as a PDF. */
  receiptPdf: '/api/v1/user/payment-receipts/:id/pdf',
} as const;

export const receiptPdfPath = (id: number) => REFUND_PATHS.receiptPdf.replace(':id', String(id));

export const REFUND_DONE_MESSAGE = 'Refund made';
export const REFUND_PENDING_MESSAGE =
  'Refund requested: the payment provider confirms it shortly, and the payment changes then';
export const REFUND_ALREADY_MESSAGE = 'This payment is already refunded';
export const REFUND_NOT_PAID_MESSAGE = 'Only a paid payment can be refunded';
export const REFUND_DISPUTED_MESSAGE =
  'This payment is disputed with the card issuer: the dispute decides whether the money goes back';
export const REFUND_STALE_MESSAGE =
  'This payment changed since you opened it (another refund was made). Check it and try again.';
export const RECEIPT_NOT_FOUND_MESSAGE = 'Receipt not found';

export const ZAdminPaymentsQuery = z.object({
  ...zPageQuery,
  status: ZPaymentStatus.optional(),
  /** Part of the client's email address. */
  email: z.string().trim().max(200).optional(),
});
export type AdminPaymentsQuery = z.input<typeof ZAdminPaymentsQuery>;

export const ZAdminPayment = z.object({
  id: z.string(),
  email: z.string(),
  description: z.string(),
  amount: z.number().int(),
  /** How much went back so far (a partial refund: less than `amount`). */
  refunded: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  status: ZPaymentStatus,
  status_message: z.string(),
  dispute: z.enum(['open', 'won', 'lost']).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** The receipt's number, once paid. */
  receipt_number: z.number().int().nullable(),
});
export type AdminPayment = z.infer<typeof ZAdminPayment>;

export const ZAdminPaymentsResponse = z.object({
  status: z.literal('ok'),
  payments: z.array(ZAdminPayment),
  nextCursor: zNextCursor,
});

export const ZRefundRequest = z.strictObject({
  paymentID: z.uuid('Payment ID is not valid'),
  /** Cents to give back now; omitted: all that is left (a full refund). */
  amount: z
    .number('Amount must be a number')
    .int('Amount must be in whole cents')
    .positive('Amount must be more than 0')
    .max(INT4_MAX, `Amount must be at most ${INT4_MAX} cents`)
    .optional(),
  /**
   * What the admin saw refunded already (cents). When given and the payment has changed since, the
   * refund is refused (409), so a form sent twice never gives money back twice.
   */
  refundedBefore: z
    .number('Refunded before must be a number')
    .int('Refunded before must be in whole cents')
    .min(0, 'Refunded before must be 0 or more')
    .max(INT4_MAX, `Refunded before must be at most ${INT4_MAX} cents`)
    .optional(),
});
export type RefundRequest = z.infer<typeof ZRefundRequest>;

export const ZRefundResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  payment: ZAdminPayment,
});

export const ZReceiptPdfParams = z.object({
  id: zIntId('id', { coerce: true }),
});
