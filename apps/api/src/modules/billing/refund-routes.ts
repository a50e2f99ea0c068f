import {
  REFUND_PATHS,
  ZAdminPaymentsQuery,
  ZAdminPaymentsResponse,
  ZReceiptPdfParams,
  ZRefundRequest,
  ZRefundResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { ReceiptDocuments } from './receipt-documents.js';
import type { RefundService } from './refunds.js';

const security = [{ accessToken: [] }];

/** Extensions (decision 022): the admin's payments and refunds; a receipt as a PDF. */
export const refundRoutes =
  (deps: AppDeps, refunds: RefundService, documents: ReceiptDocuments): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { preHandler: deps.guards.requireRole('admin') };

    app.get(
      REFUND_PATHS.adminPaymentsGet,
      {
        ...admin,
        schema: {
          tags: ['admin billing'],
          security,
          summary: 'Payments, newest first (keyset cursor), with what was refunded',
          querystring: ZAdminPaymentsQuery,
          response: { 200: ZAdminPaymentsResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, ...(await refunds.list(request.query)) }),
    );

    app.post(
      REFUND_PATHS.adminRefund,
      {
        ...admin,
        schema: {
          tags: ['admin billing'],
          security,
          summary:
            'Refund a paid payment through its provider, in full (no amount) or in part; a full refund ends the access it bought',
          body: ZRefundRequest,
          response: { 200: ZRefundResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await refunds.refund(
          currentUser(request).id,
          request.body.paymentID,
          request.body.amount,
          request.body.refundedBefore,
        )),
      }),
    );

    app.get(
      REFUND_PATHS.receiptPdf,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags: ['billing'],
          security,
          summary: 'A receipt as a PDF (its owner, or an admin)',
          params: ZReceiptPdfParams,
        },
      },
      async (request, reply) => {
        const pdf = await documents.pdf(request.params.id, currentUser(request));
        return reply
          .type('application/pdf')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename="${pdf.filename}"`)
          .send(pdf.body);
      },
    );
  };
