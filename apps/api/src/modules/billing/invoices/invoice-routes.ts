import {
  DEAL_MESSAGES,
  INVOICE_PATHS,
  ZAdminInvoicesQuery,
  ZInvoiceIdRequest,
  ZInvoicePdfQuery,
  ZInvoiceResponse,
  ZInvoicesExportQuery,
  ZInvoicesPageResponse,
  ZIssueInvoiceRequest,
  ZPayInvoiceResponse,
  ZReceivablesQuery,
  ZReceivablesResponse,
  ZRecordPaymentRequest,
  ZUserInvoicesQuery,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { assertAccountAccess, currentAccount, currentUser } from '../../../platform/auth/guard.js';
import { notFound } from '../../../platform/http/errors.js';
import type { PaymentService } from '../payments.js';
import { INVOICE_NOT_FOUND, type InvoiceIssuer } from './invoice-issuer.js';
import { payInvoice } from './invoice-payments.js';
import type { InvoiceQueries } from './invoice-queries.js';

const security = [{ accessToken: [] }];
const adminTags = ['admin', 'deals'];

/** Invoices (decision 035): the admin issues, voids, records payments and reads; the client pays. */
export const invoiceRoutes =
  (
    deps: AppDeps,
    issuer: InvoiceIssuer,
    queries: InvoiceQueries,
    payments: PaymentService,
    emailOf: (userId: string) => Promise<string>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = deps.guards.requireRole('admin');
    const reply = async (message: string, invoiceId: string) => ({
      status: 'ok' as const,
      message,
      invoice: await queries.ofAccount(invoiceId, null),
    });

    app.post(
      INVOICE_PATHS.adminIssue,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary:
            'Invoice a milestone of an accepted quote, or the whole quote (numbered per year, no gaps)',
          body: ZIssueInvoiceRequest,
          response: { 200: ZInvoiceResponse },
        },
      },
      async (request) => {
        const { milestoneID, projectID, dueDate } = request.body;
        const by = currentUser(request).id;
        const id = milestoneID
          ? await issuer.issueForMilestone(milestoneID, dueDate, by)
          : await issuer.issueWholeQuote(projectID ?? '', dueDate, by);
        return reply(DEAL_MESSAGES.invoiceIssued, id);
      },
    );

    app.post(
      INVOICE_PATHS.adminVoid,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'Void an unpaid invoice (its number stays taken)',
          body: ZInvoiceIdRequest,
          response: { 200: ZInvoiceResponse },
        },
      },
      async (request) => {
        await issuer.void(request.body.invoiceID);
        return reply(DEAL_MESSAGES.invoiceVoided, request.body.invoiceID);
      },
    );

    app.post(
      INVOICE_PATHS.adminRecordPayment,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary:
            'Record money received outside the product (a transfer, the payment link); partial is allowed',
          body: ZRecordPaymentRequest,
          response: { 200: ZInvoiceResponse },
        },
      },
      async (request) => {
        await issuer.recordPayment(request.body.invoiceID, request.body.amount);
        return reply(DEAL_MESSAGES.paymentRecorded, request.body.invoiceID);
      },
    );

    app.get(
      INVOICE_PATHS.adminList,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary:
            'Every invoice, newest first, by status (open, overdue, paid, void) and search, in keyset pages',
          querystring: ZAdminInvoicesQuery,
          response: { 200: ZInvoicesPageResponse },
        },
      },
      async (request) => {
        const page = await queries.adminPage(request.query);
        return { status: 'ok' as const, invoices: page.items, nextCursor: page.nextCursor };
      },
    );

    app.get(
      INVOICE_PATHS.adminReceivables,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'What each client owes, per currency, by client in keyset pages',
          querystring: ZReceivablesQuery,
          response: { 200: ZReceivablesResponse },
        },
      },
      async (request) => {
        const page = await queries.receivables(request.query);
        return { status: 'ok' as const, receivables: page.items, nextCursor: page.nextCursor };
      },
    );

    app.get(
      INVOICE_PATHS.adminExport,
      {
        preHandler: admin,
        schema: {
          tags: adminTags,
          security,
          summary: 'The invoices list as CSV (same filters), for the bookkeeper',
          querystring: ZInvoicesExportQuery,
        },
      },
      async (request, response) =>
        response
          .type('text/csv; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .header(
            'Content-Disposition',
            `attachment; filename="invoices-${deps.clock.now().toISOString().slice(0, 10)}.csv"`,
          )
          .send(queries.exportCsv(request.query)),
    );

    app.get(
      INVOICE_PATHS.userList,
      {
        preHandler: deps.guards.requireAccess('billing', 'read', 'client'),
        schema: {
          tags: ['deals'],
          security,
          summary: 'The account’s invoices (optionally one project’s), newest first, in keyset pages',
          querystring: ZUserInvoicesQuery,
          response: { 200: ZInvoicesPageResponse },
        },
      },
      async (request) => {
        const page = await queries.accountPage(currentAccount(request).id, request.query);
        return { status: 'ok' as const, invoices: page.items, nextCursor: page.nextCursor };
      },
    );

    app.post(
      INVOICE_PATHS.pay,
      {
        // Paying needs a verified address, as every payment does (decision 033).
        preHandler: [
          deps.guards.requireAccess('billing', 'write', 'client'),
          deps.guards.requireVerifiedEmail,
        ],
        schema: {
          tags: ['deals'],
          security,
          summary:
            'Open a checkout for what is left to pay of an invoice (409 invoice_not_open when paid or void)',
          body: ZInvoiceIdRequest,
          response: { 200: ZPayInvoiceResponse },
        },
      },
      async (request) => {
        const accountId = currentAccount(request).id;
        const data = await payInvoice(
          payments,
          queries,
          { accountId, email: await emailOf(accountId) },
          request.body.invoiceID,
        );
        return { status: 'ok' as const, ...data };
      },
    );

    app.get(
      INVOICE_PATHS.pdf,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags: ['deals'],
          security,
          summary: 'An invoice as a PDF (the account’s members who see billing, or an admin)',
          querystring: ZInvoicePdfQuery,
        },
      },
      async (request, response) => {
        const user = currentUser(request);
        let accountId: string | null = null;
        if (user.role !== 'admin') {
          // A member whose role does not see billing is told so (403), as on the list.
          assertAccountAccess(user, 'billing', 'read');
          if (user.role !== 'client' || !user.account) throw notFound(INVOICE_NOT_FOUND);
          accountId = user.account.id;
        }
        const pdf = await queries.pdf(await queries.ofAccount(request.query.invoiceID, accountId));
        return response
          .type('application/pdf')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename="${pdf.filename}"`)
          .send(pdf.bytes);
      },
    );
  };
