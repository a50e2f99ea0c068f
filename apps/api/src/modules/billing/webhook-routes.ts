import { BILLING_PATHS, ZWebhookResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentService } from './payments.js';

/**
 * Provider webhooks. No session guard: the signature is the authentication. The body is kept as
 * the exact bytes received (a re-serialised object would not match the signature), so this plugin
 * replaces the JSON parser for its own routes only.
 */
export const webhookRoutes =
  (payments: PaymentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    const schema = (summary: string) => ({
      tags: ['billing'],
      summary,
      body: z.string().min(1, 'Empty webhook body'),
      response: { 200: ZWebhookResponse },
    });

    app.post(
      BILLING_PATHS.sandboxWebhook,
      { schema: schema('Sandbox provider webhook (x-sandbox-signature: t=…,v1=HMAC-SHA256 of "t.body")') },
      async (request) => ({
        received: true as const,
        ...(await payments.handleWebhook('sandbox', request.body, request.headers)),
      }),
    );

    app.post(
      BILLING_PATHS.stripeWebhook,
      { schema: schema('Stripe webhook (Stripe-Signature), when STRIPE_SECRET_KEY is set') },
      async (request) => ({
        received: true as const,
        ...(await payments.handleWebhook('stripe', request.body, request.headers)),
      }),
    );
  };
