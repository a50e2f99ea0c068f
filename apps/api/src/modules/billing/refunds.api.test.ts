import {
  type AdminPayment,
  BILLING_PATHS,
  KEY_MANAGER_PATHS,
  NO_PLAN_MESSAGE,
  REFUND_ALREADY_MESSAGE,
  REFUND_DONE_MESSAGE,
  REFUND_NOT_PAID_MESSAGE,
  REFUND_PATHS,
  REFUND_STALE_MESSAGE,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';
import { REFUND_IN_PROGRESS_MESSAGE } from './refund-claims.js';
import { refundKit } from './refund-kit.test.js';

let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let admin: TestAccount;

beforeAll(async () => {
  // As many connections as production: the parallel refunds below really run at the same time.
  server = await startTestServer({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET }, poolSize: 10 });
  kit = billingKit(server);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

const { proCheckout, refund, paymentOf, receiptOf, subscriptionOf, refundMails } = refundKit(() => ({
  server,
  kit,
  admin,
}));

/** A developer who paid for Pro with the sandbox's test card. */
async function paidPro() {
  const { dev, pro, paymentID } = await proCheckout();
  expect((await kit.pay(dev.token, paymentID)).status).toBe(200);
  expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBe(pro.id);
  return { dev, pro, paymentID };
}

describe('admin refunds through the sandbox provider', () => {
  it('a full refund ends the plan it bought, says refunded on the receipt and payment, mails once', async () => {
    const { dev, pro, paymentID } = await paidPro();
    await dev.addKey();

    const done = await refund(paymentID);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      message: REFUND_DONE_MESSAGE,
      payment: { id: paymentID, status: 'refunded', refunded: pro.price, amount: pro.price },
    });
    expect((await kit.plans(dev.token, dev.productId)).activePlanID).toBeNull();
    expect(await subscriptionOf(dev.token)).toBeNull();
    expect(await receiptOf(dev.token)).toMatchObject({
      order_id: paymentID,
      status: 'refunded',
      refunded_amount: pro.price,
      status_message: expect.stringMatching(/^Refunded on \d{4}-\d{2}-\d{2}$/),
    });
    const status = await kit.request(BILLING_PATHS.paymentStatus, { body: { paymentID }, token: dev.token });
    expect(status.body).toMatchObject({ payment: { status: 'refunded' } });
    // The Key Manager's features follow at once: no plan any more.
    const keys = await kit.request(KEY_MANAGER_PATHS.addKey, {
      body: { maxActivations: 1, isActivated: true },
      token: dev.token,
    });
    expect(keys.status).toBe(409);
    expect(keys.body).toEqual({ status: 'failed', code: 'conflict', message: NO_PLAN_MESSAGE });

    // Again: refused, nothing more is refunded or mailed.
    const again = await refund(paymentID);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'failed', code: 'conflict', message: REFUND_ALREADY_MESSAGE });
    const mails = await refundMails(dev.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('This ended your Key Manager Pro plan');
  });

  it('partial refunds add up, keep the plan, show the refunded amount; the rest makes it a full refund', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const first = await refund(paymentID, 100);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.payment).toMatchObject({ status: 'paid', refunded: 100 });
    expect(await receiptOf(dev.token)).toMatchObject({
      status: 'partially refunded',
      refunded_amount: 100,
      status_message: expect.stringContaining('1.00 USD refunded'),
    });
    expect(await subscriptionOf(dev.token)).toMatchObject({ state: 'active' });

    // More than what is left: refused with the field named.
    const tooMuch = await refund(paymentID, pro.price);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ status: 'failed', field: 'amount' });
    expect(tooMuch.body).toMatchObject({ message: expect.stringContaining('can still be refunded') });

    const second = await refund(paymentID, 200);
    expect(second.body.payment).toMatchObject({ status: 'paid', refunded: 300 });
    expect(await receiptOf(dev.token)).toMatchObject({
      refunded_amount: 300,
      status_message: expect.stringContaining('3.00 USD refunded'),
    });

    const rest = await refund(paymentID);
    expect(rest.body.payment).toMatchObject({ status: 'refunded', refunded: pro.price });
    expect(await subscriptionOf(dev.token)).toBeNull();
    const mails = await refundMails(dev.email);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Partial refund of \$1\.00/),
        expect.stringMatching(/^Partial refund of \$3\.00/),
        expect.stringMatching(/^Refund of \$/),
      ]),
    );
    expect(mails).toHaveLength(3);
  });

  it('the refund form sent twice refunds once, at the same moment or one after the other', async () => {
    const { dev, paymentID } = await paidPro();
    const [a, b] = await Promise.all([refund(paymentID, 150, 0), refund(paymentID, 150, 0)]);
    // At the same moment: one refund is made, the other is told the payment changed (or is changing).
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const late = await refund(paymentID, 150, 0);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ status: 'failed', code: 'conflict', message: REFUND_STALE_MESSAGE });
    const list = await kit.request<{ payments: AdminPayment[] }>(
      `${REFUND_PATHS.adminPaymentsGet}?email=${encodeURIComponent(dev.email)}`,
      { token: admin.access },
    );
    expect(list.body.payments).toMatchObject([{ id: paymentID, refunded: 150, status: 'paid' }]);
    expect(await refundMails(dev.email)).toHaveLength(1);
    // A sandbox refund event delivered by hand for the same total is acknowledged and changes nothing.
    const event = {
      id: `evt_manual_${paymentID}`,
      type: 'payment.refunded',
      created: Math.floor(server.clock.now().getTime() / 1000),
      data: { paymentID, amountRefunded: 150 },
    };
    expect((await kit.webhook(event)).body).toEqual({ received: true, duplicate: false });
    expect(await refundMails(dev.email)).toHaveLength(1);
  });

  it('parallel refunds are made one at a time: each "Refund made" is in the ledger, never more than was paid', async () => {
    const { dev, pro, paymentID } = await paidPro();
    const step = 100;
    const tries = Math.ceil(pro.price / step) + 1;
    const answers = await Promise.all(Array.from({ length: tries }, () => refund(paymentID, step)));
    const made = answers.filter((answer) => answer.status === 200);
    expect(made.length).toBeGreaterThan(0);
    for (const answer of made) expect(answer.body.message).toBe(REFUND_DONE_MESSAGE);
    const payment = await paymentOf(dev.email, paymentID);
    // Every answer but "Refund made" says why nothing was refunded (another refund of the payment
    // being made, or not that much left); none of them is a 5xx.
    expect(made.length * step).toBe(payment.refunded);
    expect(payment.refunded).toBeLessThanOrEqual(pro.price);
    for (const answer of answers.filter((entry) => entry.status !== 200)) {
      expect([400, 409], JSON.stringify(answer.body)).toContain(answer.status);
      expect(answer.body).toMatchObject({ status: 'failed', message: expect.any(String) });
    }
    expect(await refundMails(dev.email)).toHaveLength(made.length);
    // Nothing was lost on the way: what is left (if the race left any) can still be refunded.
    const rest = await refund(paymentID);
    expect(rest.body, JSON.stringify(rest.body)).toMatchObject(
      rest.status === 200 ? { message: REFUND_DONE_MESSAGE } : { message: REFUND_ALREADY_MESSAGE },
    );
    expect(await paymentOf(dev.email, paymentID)).toMatchObject({ status: 'refunded', refunded: pro.price });
  });

  it('parallel forms that saw the same payment: exactly one refund, the others are told it changed', async () => {
    const { dev, paymentID } = await paidPro();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(paymentID, 100, 0)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    // Told the payment changed, or (while the first one is at the provider) that it is changing.
    for (const answer of answers.filter((entry) => entry.status === 409))
      expect(answer.body).toEqual({
        status: 'failed',
        code: 'conflict',
        message: expect.toBeOneOf([REFUND_STALE_MESSAGE, REFUND_IN_PROGRESS_MESSAGE]),
      });
    expect((await paymentOf(dev.email, paymentID)).refunded).toBe(100);
    expect(await refundMails(dev.email)).toHaveLength(1);
  });

  it('refuses what cannot be refunded: unpaid, unknown, bad amounts', async () => {
    const { paymentID } = await proCheckout();
    const unpaid = await refund(paymentID);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toEqual({ status: 'failed', code: 'conflict', message: REFUND_NOT_PAID_MESSAGE });
    expect((await refund('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const amount of [0, -5, 1.5]) {
      const response = await refund(paymentID, amount);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'failed' });
    }
    const junk = await kit.request(REFUND_PATHS.adminRefund, {
      body: { paymentID: 'nope' },
      token: admin.access,
    });
    expect(junk.status).toBe(400);
  });
});

describe('the admin payments list', () => {
  it('pages one client’s payments newest first with a cursor, and filters by status', async () => {
    const { dev, paymentID: paid } = await paidPro();
    // The test clock stands still: a second apart, so "newest first" is defined.
    server.clock.advance(1000);
    // Renewing opens a second payment (a pending checkout) for the same client.
    const renewal = await kit.request<{ paymentData: { paymentID: string } }>(BILLING_PATHS.renew, {
      body: { productID: dev.productId },
      token: dev.token,
    });
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(200);
    const second = renewal.body.paymentData.paymentID;
    const mine = `email=${encodeURIComponent(dev.email)}`;
    const page1 = await kit.request<{ payments: AdminPayment[]; nextCursor: string | null }>(
      `${REFUND_PATHS.adminPaymentsGet}?limit=1&${mine}`,
      { token: admin.access },
    );
    expect(page1.status).toBe(200);
    expect(page1.body.payments).toMatchObject([{ id: second, email: dev.email, receipt_number: null }]);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await kit.request<{ payments: AdminPayment[]; nextCursor: string | null }>(
      `${REFUND_PATHS.adminPaymentsGet}?limit=1&${mine}&cursor=${page1.body.nextCursor}`,
      { token: admin.access },
    );
    expect(page2.body.payments).toMatchObject([
      { id: paid, status: 'paid', receipt_number: expect.any(Number) },
    ]);
    expect(page2.body.nextCursor).toBeNull();
    const onlyPaid = await kit.request<{ payments: AdminPayment[] }>(
      `${REFUND_PATHS.adminPaymentsGet}?status=paid&${mine}`,
      { token: admin.access },
    );
    expect(onlyPaid.body.payments.map((payment) => payment.id)).toEqual([paid]);
    const bad = await kit.request(`${REFUND_PATHS.adminPaymentsGet}?cursor=bm90LWEtY3Vyc29y`, {
      token: admin.access,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'cursor' });
  });
});

describeRoleMatrix('refunds', () => server, [
  { method: 'GET', path: REFUND_PATHS.adminPaymentsGet, allowed: ['admin'] },
  {
    method: 'POST',
    path: REFUND_PATHS.adminRefund,
    body: { paymentID: '00000000-0000-4000-8000-000000000000' },
    allowed: ['admin'],
  },
]);
