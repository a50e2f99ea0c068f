import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AdminPayment,
  BILLING_PATHS,
  REFUND_ALREADY_MESSAGE,
  REFUND_DONE_MESSAGE,
  REFUND_PATHS,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundClaims } from '../../db/schema/index.js';
import { deferred } from '../../test/deferred.js';
import { eventually } from '../../test/eventually.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { billingKit } from './billing-kit.test.js';
import { REFUND_CLAIM_STALE_MS, REFUND_IN_PROGRESS_MESSAGE } from './refund-claims.js';
import { refundKit } from './refund-kit.test.js';

const WEBHOOK_SECRET = 'whsec_refund_stand_in';
/** Stripe refuses a refund of this many cents in the stand-in (as it does, e.g., for a closed card). */
const REFUSED_AMOUNT = 13;
let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let admin: TestAccount;
let standIn: Server;
let sessions = 0;
/** Refunds the stand-in made, by idempotency key: Stripe answers a repeated key with the same refund. */
const refunds = new Map<string, { id: string; form: URLSearchParams }>();
/**
 * Payments (by our id, with the amount charged) whose `charge.refunded` the stand-in sends while the
 * refund call is still open, as Stripe may; `delivered` is our server's answer to it.
 */
const echoWhileRefunding = new Map<string, { charged: number; delivered?: Promise<{ body: unknown }> }>();
/**
 * Payments (by our id) whose refund call the stand-in leaves hanging, as a Stripe that does not
 * answer would: `arrived` settles when the call is at "Stripe", which answers once `release` settles.
 */
const hangingRefunds = new Map<
  string,
  { arrived: ReturnType<typeof deferred<void>>; release: ReturnType<typeof deferred<void>> }
>();

function json(response: import('node:http').ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  response.end(JSON.stringify(body));
}

/** A local stand-in for the parts of Stripe's API used here: Checkout sessions and Refunds. */
function startStandIn(): Promise<string> {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_r${sessions}`;
        return json(response, 200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/${id}`,
        });
      }
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const hanging = hangingRefunds.get(form.get('metadata[paymentId]') ?? '');
        if (!hanging) return answerRefund(request.headers, form, response);
        hanging.arrived.resolve();
        return void hanging.release.promise.then(() => answerRefund(request.headers, form, response));
      }
      json(response, 404, { error: { type: 'invalid_request_error', message: 'unknown' } });
    });
  });
  return new Promise((resolve) =>
    standIn.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(standIn.address() as AddressInfo).port}`),
    ),
  );
}

function answerRefund(
  headers: IncomingHttpHeaders,
  form: URLSearchParams,
  response: import('node:http').ServerResponse,
) {
  const key = String(headers['idempotency-key'] ?? '');
  const amount = Number(form.get('amount'));
  if (amount === REFUSED_AMOUNT) {
    return json(response, 400, {
      error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge is disputed.' },
    });
  }
  const existing = refunds.get(key) ?? { id: `re_test_${refunds.size + 1}`, form };
  const isNew = !refunds.has(key);
  refunds.set(key, existing);
  const paymentID = form.get('metadata[paymentId]') ?? '';
  const echo = echoWhileRefunding.get(paymentID);
  if (echo && isNew) {
    const refunded = [...refunds.values()]
      .filter((made) => made.form.get('payment_intent') === form.get('payment_intent'))
      .reduce((sum, made) => sum + Number(made.form.get('amount')), 0);
    // Not awaited: our server answers it only once the refund that is waiting for this reply is recorded.
    echo.delivered = sendWebhook(
      chargeRefunded(`evt_during_${existing.id}`, paymentID, echo.charged, refunded),
    );
  }
  return json(response, 200, {
    id: existing.id,
    object: 'refund',
    amount: Number(existing.form.get('amount')),
    currency: 'usd',
    payment_intent: existing.form.get('payment_intent'),
    status: 'succeeded',
  });
}

beforeAll(async () => {
  const apiUrl = await startStandIn();
  server = await startTestServer({
    // As many connections as production: the parallel refunds below really run at the same time.
    poolSize: 10,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: apiUrl,
      JOBS_POLL_SECONDS: '0.5',
    },
  });
  kit = billingKit(server);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

const stripe = new Stripe('sk_test_standin');
const {
  proCheckout,
  refund: adminRefund,
  paymentOf,
  receiptOf,
  subscriptionOf,
  refundMails,
} = refundKit(() => ({ server, kit, admin }));

function sendWebhook(payload: string) {
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(server.clock.now().getTime() / 1000),
  });
  return kit.request(BILLING_PATHS.stripeWebhook, { body: payload, headers: { 'stripe-signature': header } });
}

/** Stripe's signed `checkout.session.completed` for one of our payments, paid with `pi_for_<payment>`. */
function completeCheckout(paymentID: string, amount: number) {
  const completed = JSON.stringify({
    id: `evt_paid_${paymentID}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_paid',
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'usd',
        payment_intent: `pi_for_${paymentID}`,
        client_reference_id: paymentID,
        metadata: { paymentId: paymentID },
        customer_details: { name: 'Grace Hopper', address: { city: 'Arlington', country: 'US' } },
      },
    },
  });
  return sendWebhook(completed);
}

/** A developer who paid for Pro through Stripe Checkout (payment mode: renewed by hand). */
async function paidPro() {
  const { dev, pro, paymentID } = await proCheckout();
  expect((await completeCheckout(paymentID, pro.price)).body).toEqual({ received: true, duplicate: false });
  expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
  return { dev, pro, paymentID };
}

/** Stripe's `charge.refunded` as its dashboard (or our own refund) makes it: totals so far. */
function chargeRefunded(eventId: string, paymentID: string, amount: number, refunded: number) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${paymentID}`,
        object: 'charge',
        payment_intent: `pi_for_${paymentID}`,
        amount,
        amount_refunded: refunded,
        currency: 'usd',
        refunded: refunded >= amount,
      },
    },
  });
}

describe('admin refunds through Stripe', () => {
  it('a partial refund goes to Stripe on the PaymentIntent; Stripe’s charge.refunded for it changes nothing more', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const done = await adminRefund(paymentID, 250);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.payment).toMatchObject({ status: 'paid', refunded: 250 });
    const made = refunds.get(`refund-${paymentID}-250`);
    expect(made?.form.get('payment_intent')).toBe(`pi_for_${paymentID}`);
    expect(made?.form.get('amount')).toBe('250');
    expect(made?.form.get('metadata[paymentId]')).toBe(paymentID);
    expect(await receiptOf(dev.token)).toMatchObject({ status: 'partially refunded', refunded_amount: 250 });
    expect(await subscriptionOf(dev.token)).toMatchObject({ state: 'active' });

    // Stripe then reports the same refund: acknowledged, no second mail, nothing changes.
    const echo = chargeRefunded(`evt_echo_${paymentID}`, paymentID, pro.price, 250);
    expect((await sendWebhook(echo)).body).toEqual({ received: true, duplicate: false });
    expect((await sendWebhook(echo)).body).toEqual({ received: true, duplicate: true });
    expect(await receiptOf(dev.token)).toMatchObject({ refunded_amount: 250 });
    expect(await refundMails(dev.email)).toHaveLength(1);
  });

  it('a full refund through Stripe ends the plan; once more is refused without calling Stripe', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const done = await adminRefund(paymentID);
    expect(done.body.payment).toMatchObject({ status: 'refunded', refunded: pro.price });
    expect(refunds.get(`refund-${paymentID}-${pro.price}`)?.form.get('amount')).toBe(String(pro.price));
    expect(await subscriptionOf(dev.token)).toBeNull();
    expect(await receiptOf(dev.token)).toMatchObject({ status: 'refunded', refunded_amount: pro.price });
    const before = refunds.size;
    const again = await adminRefund(paymentID);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'failed', code: 'conflict', message: REFUND_ALREADY_MESSAGE });
    expect(refunds.size).toBe(before);
    // Stripe's webhook for the refund arrives afterwards: no second mail.
    await sendWebhook(chargeRefunded(`evt_full_${paymentID}`, paymentID, pro.price, pro.price));
    const mails = await refundMails(dev.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('This ended your Key Manager Pro plan');
  });

  it('parallel refunds never ask Stripe for more than was paid; the ledger is what Stripe gave back', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const amounts = [300, 500, 300, 500, 300];
    const answers = await Promise.all(amounts.map((amount) => adminRefund(paymentID, amount)));
    const atStripe = [...refunds.values()]
      .filter((made) => made.form.get('payment_intent') === `pi_for_${paymentID}`)
      .reduce((sum, made) => sum + Number(made.form.get('amount')), 0);
    const madeHere = answers
      .map((answer, index) => (answer.status === 200 ? (amounts[index] ?? 0) : 0))
      .reduce((sum, amount) => sum + amount, 0);
    expect(atStripe).toBeLessThanOrEqual(pro.price);
    expect((await paymentOf(dev.email, paymentID)).refunded).toBe(atStripe);
    // "Refund made" only for refunds Stripe made; the others name what could still be refunded.
    expect(madeHere).toBe(atStripe);
    for (const answer of answers.filter((entry) => entry.status !== 200)) {
      // A refund sent while another is at Stripe is told so at once; once all 9.00 went back (300
      // three times), what follows is told that.
      expect(answer.body, JSON.stringify(answer.body)).toEqual(
        answer.status === 409
          ? {
              status: 'failed',
              code: 'conflict',
              message: expect.toBeOneOf([REFUND_ALREADY_MESSAGE, REFUND_IN_PROGRESS_MESSAGE]),
            }
          : {
              status: 'failed',
              code: 'invalid_input',
              field: 'amount',
              message: expect.stringMatching(/^At most \$\d+\.\d{2} of this payment can still be refunded$/),
            },
      );
    }
    const madeCount = answers.filter((answer) => answer.status === 200).length;
    expect(await refundMails(dev.email)).toHaveLength(madeCount);
  });

  it('Stripe’s charge.refunded arriving while the refund call is open applies the refund once', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const echo: { charged: number; delivered?: Promise<{ body: unknown }> } = { charged: pro.price };
    echoWhileRefunding.set(paymentID, echo);
    const done = await adminRefund(paymentID, 250);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ message: REFUND_DONE_MESSAGE, payment: { refunded: 250 } });
    expect(echo.delivered).toBeDefined();
    expect((await echo.delivered)?.body).toEqual({ received: true, duplicate: false });
    expect((await paymentOf(dev.email, paymentID)).refunded).toBe(250);
    expect(await receiptOf(dev.token)).toMatchObject({ status: 'partially refunded', refunded_amount: 250 });
    expect(await refundMails(dev.email)).toHaveLength(1);
  });

  it('a refund Stripe refuses is reported (502) and changes nothing', async () => {
    const { dev, paymentID } = await paidPro();
    const refused = await adminRefund(paymentID, REFUSED_AMOUNT);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      status: 'failed',
      code: 'upstream_error',
      message: 'Stripe refused the refund: This charge is disputed.',
    });
    expect(await receiptOf(dev.token)).toMatchObject({ status: 'paid', refunded_amount: 0 });
    expect(await refundMails(dev.email)).toHaveLength(0);
    // The refused refund's claim ended with it: the payment can be refunded at once.
    const next = await adminRefund(paymentID, 100);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.payment).toMatchObject({ refunded: 100 });
  });

  it('while Stripe leaves a refund call hanging, other requests are answered and a second refund of the payment is refused at once', async () => {
    const { dev, paymentID } = await paidPro();
    const hanging = { arrived: deferred<void>(), release: deferred<void>() };
    hangingRefunds.set(paymentID, hanging);
    let firstAnswered = false;
    const first = adminRefund(paymentID, 250).finally(() => {
      firstAnswered = true;
    });
    await hanging.arrived.promise;

    // No connection or lock is held across Stripe's call: on PGlite (one connection) these would
    // otherwise wait for Stripe's answer, as every request of the app would.
    const list = await kit.request<{ payments: AdminPayment[] }>(
      `${REFUND_PATHS.adminPaymentsGet}?email=${encodeURIComponent(dev.email)}`,
      { token: admin.access },
    );
    expect(list.status).toBe(200);
    expect(list.body.payments).toMatchObject([{ id: paymentID, status: 'paid', refunded: 0 }]);
    expect(await receiptOf(dev.token)).toMatchObject({ status: 'paid', refunded_amount: 0 });
    const second = await adminRefund(paymentID, 100);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ status: 'failed', code: 'conflict', message: REFUND_IN_PROGRESS_MESSAGE });
    expect(refunds.has(`refund-${paymentID}-100`)).toBe(false);
    expect(firstAnswered).toBe(false);

    hanging.release.resolve();
    const done = await first;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ message: REFUND_DONE_MESSAGE, payment: { refunded: 250 } });
    // Its claim ended with its answer: the next refund is judged against the new total.
    const next = await adminRefund(paymentID, 100);
    expect(next.body.payment).toMatchObject({ refunded: 350 });
    expect(await refundMails(dev.email)).toHaveLength(2);
  });

  it('a claim left by a process that died during Stripe’s call is taken over once stale; a retry is the same refund at Stripe', async () => {
    const { dev, pro, paymentID } = await paidPro();
    // The dead process had claimed 2.50 and reached Stripe, which made the refund; its webhook is late.
    await server.database.db.insert(refundClaims).values({
      paymentId: paymentID,
      claimId: randomUUID(),
      amountCents: 250,
      totalCents: 250,
      claimedBy: admin.id,
      claimedAt: server.clock.now(),
    });
    const form = new URLSearchParams({
      payment_intent: `pi_for_${paymentID}`,
      amount: '250',
      'metadata[paymentId]': paymentID,
    });
    refunds.set(`refund-${paymentID}-250`, { id: `re_test_before_crash_${paymentID}`, form });
    const atStripe = () =>
      [...refunds.values()].filter((made) => made.form.get('payment_intent') === `pi_for_${paymentID}`);

    // Until the claim is older than Stripe's timeout, it may still be answered: refused, Stripe not asked.
    const early = await adminRefund(paymentID, 250);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ status: 'failed', code: 'conflict', message: REFUND_IN_PROGRESS_MESSAGE });
    expect(atStripe()).toHaveLength(1);

    server.clock.advance(REFUND_CLAIM_STALE_MS + 1000);
    const retry = await adminRefund(paymentID, 250);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ message: REFUND_DONE_MESSAGE, payment: { refunded: 250 } });
    // The same total, so the same idempotency key: Stripe answered with the refund it had made.
    expect(atStripe()).toHaveLength(1);
    const claims = await server.database.db
      .select()
      .from(refundClaims)
      .where(eq(refundClaims.paymentId, paymentID));
    expect(claims).toEqual([]);
    // Stripe's late webhook for it changes nothing.
    await sendWebhook(chargeRefunded(`evt_after_crash_${paymentID}`, paymentID, pro.price, 250));
    expect((await paymentOf(dev.email, paymentID)).refunded).toBe(250);
    expect(await refundMails(dev.email)).toHaveLength(1);
  });
});

describe('a period paid twice through Stripe', () => {
  it('two renewal checkouts both paid: one period is added, the other payment is refunded at Stripe', async () => {
    const { dev, pro } = await paidPro();
    const before = await subscriptionOf(dev.token);
    const renew = () =>
      kit.request<{ paymentData: { paymentID: string } }>(BILLING_PATHS.renew, {
        body: { productID: dev.productId },
        token: dev.token,
      });
    const first = (await renew()).body.paymentData.paymentID;
    const second = (await renew()).body.paymentData.paymentID;
    expect((await completeCheckout(first, pro.price)).status).toBe(200);
    expect((await completeCheckout(second, pro.price)).status).toBe(200);

    const periodEnd = new Date(before?.period_end ?? '');
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    expect((await subscriptionOf(dev.token))?.period_end).toBe(periodEnd.toISOString());
    const refunded = await eventually(async () => {
      const payment = await paymentOf(dev.email, second);
      return payment.status === 'refunded' && payment;
    });
    expect(refunded).toMatchObject({ refunded: pro.price });
    const atStripe = refunds.get(`refund-${second}-${pro.price}`);
    expect(atStripe?.form.get('payment_intent')).toBe(`pi_for_${second}`);
    expect(atStripe?.form.get('amount')).toBe(String(pro.price));
    expect((await paymentOf(dev.email, first)).status).toBe('paid');
    expect(await subscriptionOf(dev.token)).toMatchObject({
      state: 'active',
      period_end: periodEnd.toISOString(),
    });
    expect(await refundMails(dev.email)).toHaveLength(1);
  });
});

describe('refunds made in the Stripe dashboard (charge.refunded)', () => {
  it('partial then full: the receipt shows the amount, then refunded and the plan ends; replays change nothing', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const partial = chargeRefunded(`evt_dash_part_${paymentID}`, paymentID, pro.price, 400);
    expect((await sendWebhook(partial)).body).toEqual({ received: true, duplicate: false });
    expect(await receiptOf(dev.token)).toMatchObject({
      status: 'partially refunded',
      refunded_amount: 400,
      status_message: expect.stringContaining('4.00 USD refunded'),
    });
    expect(await subscriptionOf(dev.token)).toMatchObject({ state: 'active' });

    const full = chargeRefunded(`evt_dash_full_${paymentID}`, paymentID, pro.price, pro.price);
    expect((await sendWebhook(full)).body).toEqual({ received: true, duplicate: false });
    expect((await sendWebhook(full)).body).toEqual({ received: true, duplicate: true });
    // Out of order: the older partial event again, under a new id, takes nothing back.
    await sendWebhook(chargeRefunded(`evt_dash_late_${paymentID}`, paymentID, pro.price, 400));
    expect(await receiptOf(dev.token)).toMatchObject({ status: 'refunded', refunded_amount: pro.price });
    expect(await subscriptionOf(dev.token)).toBeNull();
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    const subjects = (await refundMails(dev.email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Partial refund of \$4\.00/),
        expect.stringMatching(/^Refund of/),
      ]),
    );
  });
});
