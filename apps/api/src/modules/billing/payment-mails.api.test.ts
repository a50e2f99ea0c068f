import { SANDBOX_DECLINED_CARD } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';

let server: TestServer;
let kit: ReturnType<typeof billingKit>;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      PUBLIC_URL: 'https://site.example',
      BRAND_NAME: 'Acme Studio',
    },
  });
  kit = billingKit(server);
});
afterAll(async () => server?.close());

const HISTORY_LINK = 'https://site.example/profile?tab=payment-history';

async function mailsAbout(email: string, subjectStart: string) {
  return (await mailsTo(server, email)).filter((mail) => mail.subject.startsWith(subjectStart));
}

/** A developer who paid for Pro with the sandbox's test card (the checkout's own webhook). */
async function paidPro() {
  const dev = await newDeveloper(server, { plan: 'none' });
  const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
  const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
  const paid = await kit.pay(dev.token, checkout.paymentID);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const price = `$${(pro.price / 100).toFixed(2)}`;
  return { dev, pro, paymentID: checkout.paymentID, price };
}

/** The event the sandbox processor delivered for this payment, as it arrived. */
async function deliveredEvent(paymentId: string, type: string) {
  const [event] = await server.database.db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, type)));
  if (!event) throw new Error(`no ${type} event for ${paymentId}`);
  return event.payload;
}

const refundEvent = (paymentID: string, data: Record<string, unknown> = {}) => ({
  id: `evt_refund_${Math.random().toString(36).slice(2)}`,
  type: 'payment.refunded',
  created: Math.floor(server.clock.now().getTime() / 1000),
  data: { paymentID, ...data },
});

describe('receipt mail', () => {
  it('a sandbox payment mails one receipt with the amount, items, method, date and a Payment History link', async () => {
    const { dev, paymentID, price } = await paidPro();
    const receipts = await mailsAbout(dev.email, 'Receipt for your payment');
    expect(receipts).toHaveLength(1);
    const [mail] = receipts;
    expect(mail?.subject).toBe(`Receipt for your payment of ${price} to Acme Studio`);
    expect(mail?.text).toContain(`Amount paid: ${price} (USD)`);
    expect(mail?.text).toContain('Payment method: Card (sandbox) •••• 4242');
    expect(mail?.text).toContain(`Order: ${paymentID}`);
    expect(mail?.text).toContain('- Key Manager — Pro (monthly)');
    expect(mail?.text).toMatch(/Date: \d{1,2} \w+ \d{4}/);
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toContain(HISTORY_LINK);
    expect(mail?.html).toContain(`href="${HISTORY_LINK}"`);
    expect(mail?.html).toContain('Key Manager — Pro (monthly)');
  });

  it('the same webhook delivered twice, or another event for the paid payment, mails no second receipt', async () => {
    const { dev, paymentID } = await paidPro();
    const event = await deliveredEvent(paymentID, 'checkout.completed');
    expect((await kit.webhook(event)).body).toEqual({ received: true, duplicate: true });
    const another = { ...(event as object), id: `evt_again_${paymentID}` };
    expect((await kit.webhook(another)).body).toEqual({ received: true, duplicate: false });
    expect(await mailsAbout(dev.email, 'Receipt for your payment')).toHaveLength(1);
  });

  it('a declined card mails no receipt', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
    expect((await kit.pay(dev.token, checkout.paymentID, SANDBOX_DECLINED_CARD)).status).toBe(402);
    expect(await mailsAbout(dev.email, 'Receipt')).toEqual([]);
  });
});

describe('refund mail', () => {
  it('a full refund mails once that the payment was refunded and which plan ended', async () => {
    const { dev, paymentID, price } = await paidPro();
    const refund = refundEvent(paymentID);
    expect((await kit.webhook(refund)).body).toEqual({ received: true, duplicate: false });
    expect((await kit.webhook(refund)).body).toEqual({ received: true, duplicate: true });
    const mails = await mailsAbout(dev.email, 'Refund of');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Refund of ${price} from Acme Studio`);
    expect(mails[0]?.text).toContain(`We refunded your payment of ${price} for Key Manager — Pro (monthly)`);
    expect(mails[0]?.text).toContain('This ended your Key Manager Pro plan');
    expect(mails[0]?.text).toContain(HISTORY_LINK);
    // A second, different refund event for the refunded payment changes nothing and mails nothing.
    await kit.webhook(refundEvent(paymentID));
    expect(await mailsAbout(dev.email, 'Refund of')).toHaveLength(1);
  });

  it('a partial refund says how much and that the plan continues', async () => {
    const { dev, paymentID } = await paidPro();
    await kit.webhook(refundEvent(paymentID, { amountRefunded: 150 }));
    const mails = await mailsAbout(dev.email, 'Partial refund');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Partial refund of $1.50 from Acme Studio');
    expect(mails[0]?.text).toContain('Your plan continues unchanged.');
  });
});
