// Test helper (no tests here): a local stand-in for the parts of Stripe's HTTP API the product calls.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  path: string;
  form: URLSearchParams;
}

export interface StripeStandIn {
  url: string;
  /** Every call received, oldest first (form-encoded bodies, as the SDK sends them). */
  requests: StandInRequest[];
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body });

/**
 * Answers like Stripe's API for: Checkout sessions (payment and subscription mode), subscription
 * updates (cancel at period end / resume) and cancellations, and customer-portal sessions. Anything else is Stripe's
 * 404 error shape, so a call the product should not make fails the test.
 */
export function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const answer = (request: StandInRequest) => {
    const count = requests.length;
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const id = `cs_test_${count}`;
      return json(200, {
        id,
        object: 'checkout.session',
        mode: request.form.get('mode'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    const subscription = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9_]+)$/.exec(request.path);
    if (request.method === 'DELETE' && subscription) {
      return json(200, { id: subscription[1], object: 'subscription', status: 'canceled' });
    }
    if (request.method === 'POST' && subscription) {
      return json(200, {
        id: subscription[1],
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: request.form.get('cancel_at_period_end') === 'true',
      });
    }
    if (request.method === 'POST' && request.path === '/v1/billing_portal/sessions') {
      const id = `bps_test_${count}`;
      return json(200, {
        id,
        object: 'billing_portal.session',
        customer: request.form.get('customer'),
        return_url: request.form.get('return_url'),
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    return json(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.path})` },
    });
  };

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const received = {
        method: request.method ?? 'GET',
        path: new URL(request.url ?? '/', 'http://stand-in').pathname,
        form: new URLSearchParams(body),
      };
      requests.push(received);
      const { status, body: reply } = answer(received);
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
      });
      response.end(JSON.stringify(reply));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}
