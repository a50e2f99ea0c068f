import { z } from 'zod';
import { ZPaymentData } from './billing.js';
import { zListSearch, zNextCursor, zPageQuery } from './pagination.js';

/**
 * The agency's deals (decision 035): a project's quote (priced offer with milestones and an optional
 * recurring part) that the client accepts or declines in the portal, the milestones it sets, and the
 * invoices that bill them, paid inside the product. Not in the spec: docs/api.md lists the routes.
 */
export const QUOTE_PATHS = {
  /** Admin: create the project's draft, or edit it; a sent quote is superseded by a new revision. */
  adminSave: '/api/v1/admin/quotes/save',
  adminSend: '/api/v1/admin/quotes/send',
  adminWithdraw: '/api/v1/admin/quotes/withdraw',
  /** Admin: every quote, newest first, by status, searchable (project, client). */
  adminList: '/api/v1/admin/quotes',
  /** A project's revisions, newest first: an admin sees drafts too, the client only what was sent. */
  projectQuotes: '/api/v1/projects/quotes',
  accept: '/api/v1/user/quotes/accept',
  decline: '/api/v1/user/quotes/decline',
  /** The quote as a PDF: once accepted, the PDF it was frozen as. */
  pdf: '/api/v1/quotes/pdf',
  /** A project's milestones (from its accepted quote) with each one's invoice. */
  milestones: '/api/v1/projects/milestones',
} as const;

export const INVOICE_PATHS = {
  /** Admin: invoice a milestone, or the whole accepted quote. */
  adminIssue: '/api/v1/admin/invoices/issue',
  adminVoid: '/api/v1/admin/invoices/void',
  /** Admin: money received outside the product (bank transfer, the project's payment link). */
  adminRecordPayment: '/api/v1/admin/invoices/record-payment',
  adminList: '/api/v1/admin/invoices',
  /** Admin: what each client owes, overdue first. */
  adminReceivables: '/api/v1/admin/invoices/receivables',
  /** Admin: the invoices list as CSV for the bookkeeper (same filters). */
  adminExport: '/api/v1/admin/invoices/export',
  /** The account's invoices (optionally one project's), newest first. */
  userList: '/api/v1/user/invoices',
  /** Opens a checkout for what is left to pay of an invoice (sandbox or Stripe, like plans). */
  pay: '/api/v1/user/invoices/pay',
  pdf: '/api/v1/invoices/pdf',
} as const;

export const DEAL_MESSAGES = {
  quoteSaved: 'Quote saved',
  quoteSent: 'Quote sent to the client',
  quoteWithdrawn: 'Quote withdrawn',
  quoteAccepted: 'Quote accepted: the project is approved',
  quoteDeclined: 'Quote declined',
  invoiceIssued: 'Invoice issued',
  invoiceVoided: 'Invoice voided',
  paymentRecorded: 'Payment recorded',
} as const;

/** An invoice is due this many days after it is issued, unless the admin sets a date. */
export const INVOICE_DUE_DAYS = 14;
/**
 * The spec's rule for one-time payments: 10 days beyond the deadline, then the service becomes
 * inaccessible until paid. Reminders go out on these days after the due date.
 */
export const INVOICE_GRACE_DAYS = 10;
export const INVOICE_REMINDER_DAYS = [1, 5, 10] as const;
/** What the client is told where a project on payment hold refuses them (`project_payment_hold`, 402). */
export const PROJECT_PAYMENT_HOLD_MESSAGE =
  'This project is on hold because an invoice is unpaid more than 10 days after its due date: pay it under Invoices to open the project again';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'superseded', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const MILESTONE_STATUSES = ['pending', 'delivered', 'changes requested', 'approved'] as const;

const zCents = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be in cents (a whole number)`)
    .min(0, `${label} must not be negative`)
    .max(1_000_000_000, `${label} is too large`);
const zDay = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);
const zId = (label: string) => z.uuid(`${label} is not valid`);

export const ZDealLineItem = z.strictObject({
  description: z
    .string()
    .trim()
    .min(1, 'Each line needs a description')
    .max(200, 'A line’s description must be at most 200 characters'),
  quantity: z
    .number('Quantity must be a number')
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(10_000, 'Quantity must be at most 10000'),
  unitAmount: zCents('Unit price'),
});
export type DealLineItemInput = z.infer<typeof ZDealLineItem>;

export const ZQuoteMilestone = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Each milestone needs a title')
    .max(120, 'A milestone’s title must be at most 120 characters'),
  amount: zCents('A milestone’s amount'),
  dueDate: zDay('A milestone’s due date'),
});

export const lineTotal = (line: { quantity: number; unitAmount: number }) => line.quantity * line.unitAmount;

/**
 * The quote an admin saves: lines (the one-off price), milestones that split that price with due
 * dates, an optional recurring part, currency, validity and terms.
 */
export const ZSaveQuoteRequest = z
  .strictObject({
    projectID: zId('Project'),
    lineItems: z.array(ZDealLineItem).min(1, 'Add at least one line').max(50, 'A quote has at most 50 lines'),
    milestones: z
      .array(ZQuoteMilestone)
      .min(1, 'Add at least one milestone')
      .max(20, 'A quote has at most 20 milestones'),
    recurringPayment: zCents('The recurring payment').nullable().default(null),
    term: z.enum(['m', 'y'], 'The term is monthly (m) or yearly (y)').nullable().default(null),
    currency: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{3}$/, 'Currency must be a three-letter code such as USD')
      .default('usd'),
    validUntil: zDay('Valid until').nullable().default(null),
    terms: z.string().trim().max(5000, 'Terms must be at most 5000 characters').default(''),
  })
  .refine(
    (body) =>
      body.milestones.reduce((sum, m) => sum + m.amount, 0) ===
      body.lineItems.reduce((sum, l) => sum + lineTotal(l), 0),
    { message: 'The milestones must add up to the quote’s total', path: ['milestones'] },
  )
  .refine(
    (body) => (body.recurringPayment === null || body.recurringPayment === 0) === (body.term === null),
    {
      message: 'A recurring payment needs a term, and a term needs a recurring payment',
      path: ['term'],
    },
  );
export type SaveQuoteRequest = z.input<typeof ZSaveQuoteRequest>;

export const ZQuoteIdRequest = z.strictObject({ quoteID: zId('Quote') });
export const ZAcceptQuoteRequest = z.strictObject({
  quoteID: zId('Quote'),
  name: z
    .string()
    .trim()
    .min(2, 'Type your full name to accept')
    .max(100, 'Your name must be at most 100 characters'),
});
export const ZDeclineQuoteRequest = z.strictObject({
  quoteID: zId('Quote'),
  reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').default(''),
});
export const ZProjectDealsQuery = z.strictObject({ projectID: zId('Project') });
export const ZQuotePdfQuery = z.strictObject({ quoteID: zId('Quote') });

export const ZQuote = z.object({
  id: z.string(),
  projectID: z.string(),
  projectName: z.string(),
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  currency: z.string(),
  lineItems: z.array(ZDealLineItem.extend({ amount: z.number().int() })),
  milestones: z.array(ZQuoteMilestone),
  total: z.number().int(),
  recurringPayment: z.number().int().nullable(),
  term: z.enum(['m', 'y']).nullable(),
  validUntil: z.string().nullable(),
  /** A sent quote whose validity has passed: it can no longer be accepted. */
  expired: z.boolean(),
  terms: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Who decided for the client (the person signed in) and, on acceptance, the name they typed. */
  decidedBy: z.string().nullable(),
  acceptedName: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** SHA-256 of the PDF the accepted quote was frozen as. */
  pdfSha256: z.string().nullable(),
});
export type Quote = z.infer<typeof ZQuote>;

export const ZQuoteResponse = z.object({ status: z.literal('ok'), message: z.string(), quote: ZQuote });
/**
 * The project's support (decision 035): the recurring part of its accepted quote as a plan of its
 * own, which the client starts with `CATALOG_PATHS.plansActivate` (productID, planID) and which then
 * renews like any plan (Subscriptions tab). `active`: the account subscribes to it now.
 */
export const ZProjectSupport = z.object({
  productID: z.number().int(),
  planID: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  term: z.enum(['m', 'y']),
  active: z.boolean(),
});
export type ProjectSupport = z.infer<typeof ZProjectSupport>;
export const ZQuotesResponse = z.object({
  status: z.literal('ok'),
  quotes: z.array(ZQuote),
  /** Null until a quote with a recurring part is accepted (and for admins, who do not buy it). */
  support: ZProjectSupport.nullable(),
});
export const ZAdminQuotesQuery = z.strictObject({
  search: zListSearch,
  status: z.enum(QUOTE_STATUSES).optional(),
  ...zPageQuery,
});
export type AdminQuotesQuery = z.infer<typeof ZAdminQuotesQuery>;
export const ZQuotesPageResponse = z.object({
  status: z.literal('ok'),
  quotes: z.array(ZQuote),
  nextCursor: zNextCursor,
});

export const ZInvoiceRef = z.object({ id: z.string(), number: z.string(), status: z.enum(INVOICE_STATUSES) });
export const ZMilestone = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  dueDate: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  invoice: ZInvoiceRef.nullable(),
});
export type Milestone = z.infer<typeof ZMilestone>;
export const ZMilestonesResponse = z.object({ status: z.literal('ok'), milestones: z.array(ZMilestone) });

/** Invoice: either one milestone or the whole accepted quote of a project. */
export const ZIssueInvoiceRequest = z
  .strictObject({
    milestoneID: zId('Milestone').optional(),
    projectID: zId('Project').optional(),
    dueDate: zDay('Due date').optional(),
  })
  .refine((body) => (body.milestoneID === undefined) !== (body.projectID === undefined), {
    message: 'Choose a milestone, or the project to invoice its whole quote',
    path: ['milestoneID'],
  });
export type IssueInvoiceRequest = z.input<typeof ZIssueInvoiceRequest>;
export const ZInvoiceIdRequest = z.strictObject({ invoiceID: zId('Invoice') });
export const ZRecordPaymentRequest = z.strictObject({
  invoiceID: zId('Invoice'),
  amount: zCents('The amount').min(1, 'The amount must be more than zero'),
  note: z.string().trim().max(200, 'The note must be at most 200 characters').default(''),
});
export const ZInvoicePdfQuery = z.strictObject({ invoiceID: zId('Invoice') });

export const ZInvoice = z.object({
  id: z.string(),
  number: z.string(),
  projectID: z.string(),
  projectName: z.string(),
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  milestone: z.object({ id: z.string(), title: z.string() }).nullable(),
  description: z.string(),
  lineItems: z.array(ZDealLineItem.extend({ amount: z.number().int() })),
  subtotal: z.number().int(),
  taxLabel: z.string(),
  /** Percent, e.g. 20 or 7.5. */
  taxRate: z.number(),
  tax: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paid: z.number().int(),
  refunded: z.number().int(),
  /** What is left to pay (0 once paid or void). */
  balance: z.number().int(),
  issuedAt: z.string(),
  dueDate: z.string(),
  paidAt: z.string().nullable(),
  /** Open and past its due date; `daysOverdue` counts the days. */
  overdue: z.boolean(),
  daysOverdue: z.number().int(),
});
export type Invoice = z.infer<typeof ZInvoice>;
export const ZInvoiceResponse = z.object({ status: z.literal('ok'), message: z.string(), invoice: ZInvoice });

export const ZUserInvoicesQuery = z.strictObject({
  projectID: zId('Project').optional(),
  ...zPageQuery,
});
export const ZAdminInvoicesQuery = z.strictObject({
  search: zListSearch,
  /** `overdue`: open and past the due date. */
  status: z.enum([...INVOICE_STATUSES, 'overdue']).optional(),
  ...zPageQuery,
});
export type AdminInvoicesQuery = z.infer<typeof ZAdminInvoicesQuery>;
export const ZInvoicesPageResponse = z.object({
  status: z.literal('ok'),
  invoices: z.array(ZInvoice),
  nextCursor: zNextCursor,
});
export const ZInvoicesExportQuery = z.strictObject({
  search: zListSearch,
  status: z.enum([...INVOICE_STATUSES, 'overdue']).optional(),
});

export const ZReceivable = z.object({
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  currency: z.string(),
  /** Issued, not void. */
  invoiced: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  outstanding: z.number().int(),
  overdue: z.number().int(),
  openInvoices: z.number().int(),
  oldestDueDate: z.string().nullable(),
});
export type Receivable = z.infer<typeof ZReceivable>;
export const ZReceivablesQuery = z.strictObject({ search: zListSearch, ...zPageQuery });
export const ZReceivablesResponse = z.object({
  status: z.literal('ok'),
  receivables: z.array(ZReceivable),
  nextCursor: zNextCursor,
});

/** INVOICE_PATHS.pay: the checkout to open in the payment popup, as plan checkouts give it. */
export const ZPayInvoiceResponse = ZPaymentData.extend({ status: z.literal('ok') });
