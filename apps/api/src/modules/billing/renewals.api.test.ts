import {
  BILLING_PATHS,
  CANCEL_NOT_POSSIBLE_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CARD_SAVED_RENEWAL_DECLINED_MESSAGE,
  CARD_SAVED_RENEWAL_PAID_MESSAGE,
  KEY_MANAGER_PATHS,
  NO_PLAN_MESSAGE,
  type PastDueSubscription,
  RENEWAL_PATHS,
  type ReceiptsGetResponse,
  SANDBOX_DECLINED_CARD,
  SANDBOX_RENEWAL_DECLINED_CARD,
  SANDBOX_TEST_CARD,
  SUBSCRIPTION_CANCELED_MESSAGE,
  SUBSCRIPTION_SUSPENDED_MESSAGE,
  type Subscription,
  type SubscriptionsGetResponse,
} from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { createAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, DAY, SANDBOX_SECRET } from './billing-kit.test.js';
import { BILLING_RENEWALS_JOB } from './renewal-sweep.js';

/**
 * Automatic renewals with a saved sandbox card, dunning and cancel at period end (decision 021), with
 * the manual clock moved and the renewal job sent on the real job queue, as the scheduler would.
 */
let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let startedAt: Date;

beforeAll(async () => {
  // Its renewal sweeps charge every due subscription in the database: on PostgreSQL, a database of
  // its own, so other test files' subscriptions are never renewed by this file's moved clock.
  server = await startTestServer({
    env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, JOBS_POLL_SECONDS: '0.5' },
    isolatedDatabase: true,
  });
  kit = billingKit(server);
  startedAt = server.clock.now();
});
afterAll(async () => server?.close());
afterEach(() => server.clock.set(startedAt));

async function runRenewals(): Promise<void> {
  const id = await server.deps.jobs.enqueue(BILLING_RENEWALS_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(BILLING_RENEWALS_JOB, id, { includeArchive: true });
    if (job?.state === 'failed') throw new Error(`renewals failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed';
  });
}

async function subscriptionOf(token: string): Promise<Subscription | undefined> {
  const response = await kit.request<SubscriptionsGetResponse>(BILLING_PATHS.subscriptionsGet, {
    body: {},
    token,
  });
  expect(response.status).toBe(200);
  return response.body.subscriptions[0];
}

async function receiptsOf(token: string) {
  const response = await kit.request<ReceiptsGetResponse>(BILLING_PATHS.receiptsGet, { token });
  return response.body.receipts;
}

async function mailsAbout(email: string, subjectStart: string) {
  return (await mailsTo(server, email)).filter((mail) => mail.subject.startsWith(subjectStart));
}

/** A client on Key Manager Pro paid with `card` at checkout, with an API key and a licence key. */
async function proWithCard(card: string) {
  const dev = await newDeveloper(server, { plan: 'none' });
  const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
  const checkout = await kit.startCheckout(dev.token, dev.productId, pro.id);
  const paid = await kit.pay(dev.token, checkout.paymentID, card);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const apiKey = await dev.apiKey();
  const key = await dev.addKey();
  const call = () =>
    kit.request(KEY_MANAGER_PATHS.getKeyInformation, {
      body: { key: key.key },
      headers: { authorization: `Bearer ${apiKey}` },
    });
  const subscription = await subscriptionOf(dev.token);
  if (!subscription?.period_end) throw new Error('no paid period');
  return { dev, pro, call, subscription, periodEnd: new Date(subscription.period_end) };
}

/** Moves the clock and signs in again (access tokens live 15 minutes). */
async function at(email: string, instant: Date): Promise<string> {
  server.clock.set(instant);
  return kit.signIn(email);
}

describe('automatic renewal with a saved sandbox card', () => {
  it('a monthly plan renews three times on schedule without the client: three receipts, three mails', async () => {
    const { dev, pro, call, subscription } = await proWithCard(SANDBOX_TEST_CARD);
    expect(subscription.renewal).toMatchObject({
      automatic: true,
      provider: 'sandbox',
      status: 'active',
      card: '•••• 4242 (12/39)',
      cancel_at_period_end: false,
    });
    let periodEnd = new Date(subscription.period_end ?? '');
    // A day before the period end nothing is charged.
    await at(dev.email, new Date(periodEnd.getTime() - DAY));
    await runRenewals();
    expect(await receiptsOf(await kit.signIn(dev.email))).toHaveLength(1);
    for (let month = 1; month <= 3; month++) {
      const token = await at(dev.email, periodEnd);
      await runRenewals();
      // A second sweep at the same instant charges nothing more.
      if (month === 1) await runRenewals();
      const renewed = await subscriptionOf(token);
      expect(renewed).toMatchObject({ state: 'active', renewal: { status: 'active', failed_attempts: 0 } });
      const next = new Date(renewed?.period_end ?? '');
      // One calendar month later, from the old period end (no gap, no extension).
      const expected = new Date(periodEnd);
      expected.setUTCMonth(expected.getUTCMonth() + 1);
      expect(next.getUTCMonth()).toBe(expected.getUTCMonth());
      expect(next.getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * DAY);
      expect((await call()).status).toBe(200);
      periodEnd = next;
    }
    const token = await kit.signIn(dev.email);
    const receipts = await receiptsOf(token);
    const renewals = receipts.filter((receipt) => receipt.items[0]?.endsWith('renewal'));
    expect(renewals).toHaveLength(3);
    for (const receipt of renewals) {
      expect(receipt).toMatchObject({
        amount: pro.price,
        status: 'paid',
        method: 'Card (sandbox) •••• 4242',
      });
    }
    expect(receipts).toHaveLength(4);
    // A receipt mail for the checkout and one for each renewal.
    expect(await mailsAbout(dev.email, 'Receipt for your payment of')).toHaveLength(4);
    // No "renew it before then" reminders for a plan that renews itself.
    expect(await mailsAbout(dev.email, 'Your Key Manager Pro plan ends on')).toHaveLength(0);
  }, 120_000);
});

describe('dunning', () => {
  it('the renewal-declining card: past due, retried after 1, 3 and 5 days with a mail each, grace, 402, a card update restores at once', async () => {
    const { dev, call, subscription, periodEnd } = await proWithCard(SANDBOX_RENEWAL_DECLINED_CARD);
    expect(subscription.renewal).toMatchObject({ automatic: true, card: '•••• 0341 (12/39)' });
    const failures = () => mailsAbout(dev.email, 'Payment for your Key Manager Pro plan failed');

    let token = await at(dev.email, periodEnd);
    await runRenewals();
    let sub = await subscriptionOf(token);
    expect(sub).toMatchObject({
      state: 'active',
      period_end: periodEnd.toISOString(),
      renewal: {
        status: 'past_due',
        failed_attempts: 1,
        past_due_since: periodEnd.toISOString(),
        next_attempt_at: new Date(periodEnd.getTime() + DAY).toISOString(),
      },
    });
    expect((await call()).status).toBe(200);
    const [first] = await failures();
    expect(first?.text).toContain('attempt 1');
    expect(first?.text).toContain('/profile?tab=subscriptions');
    // The same sweep again before the retry is due: no second charge, no second mail.
    await runRenewals();
    expect(await failures()).toHaveLength(1);

    for (const [attempt, days] of [
      [2, 1],
      [3, 3],
    ] as const) {
      token = await at(dev.email, new Date(periodEnd.getTime() + days * DAY));
      await runRenewals();
      sub = await subscriptionOf(token);
      expect(sub?.renewal.failed_attempts).toBe(attempt);
      expect(sub?.state).toBe('active');
      expect(await failures()).toHaveLength(attempt);
    }
    expect(sub?.renewal.next_attempt_at).toBe(new Date(periodEnd.getTime() + 5 * DAY).toISOString());

    // The last retry fails: the 10-day grace starts.
    const lastRetry = new Date(periodEnd.getTime() + 5 * DAY);
    token = await at(dev.email, lastRetry);
    await runRenewals();
    sub = await subscriptionOf(token);
    const graceEnd = new Date(lastRetry.getTime() + 10 * DAY);
    expect(sub).toMatchObject({
      state: 'grace',
      grace_days_left: 10,
      grace_ends_at: graceEnd.toISOString(),
      renewal: { status: 'past_due', failed_attempts: 4, next_attempt_at: null },
    });
    const last = await mailsAbout(dev.email, 'Last notice: the renewal of your Key Manager Pro plan');
    expect(last).toHaveLength(1);
    expect(last[0]?.text).toContain('10 days of grace');
    expect((await call()).status).toBe(200);

    // The admin sees it among the past-due subscriptions.
    const admin = await createAccount(server, 'admin');
    const adminToken = await kit.signIn(admin.email, admin.password);
    const pastDue = await kit.request<{ items: PastDueSubscription[] }>(
      `${RENEWAL_PATHS.adminPastDue}?limit=200`,
      {
        token: adminToken,
      },
    );
    expect(pastDue.status).toBe(200);
    expect(pastDue.body.items.find((item) => item.email === dev.email)).toMatchObject({
      provider: 'sandbox',
      failed_attempts: 4,
      state: 'grace',
      access_ends_at: graceEnd.toISOString(),
      last_error: CARD_DECLINED_MESSAGE,
    });
    expect((await kit.request(RENEWAL_PATHS.adminPastDue, { token })).status).toBe(403);

    // Still working a minute before the grace ends; suspended (402) at its end.
    await at(dev.email, new Date(graceEnd.getTime() - 60_000));
    expect((await call()).status).toBe(200);
    token = await at(dev.email, graceEnd);
    const suspended = await call();
    expect(suspended.status).toBe(402);
    expect(suspended.body).toEqual({
      status: 'failed',
      code: 'payment_required',
      message: SUBSCRIPTION_SUSPENDED_MESSAGE,
    });
    await runRenewals();
    await runRenewals();
    expect(await mailsAbout(dev.email, 'Your Key Manager Pro plan is suspended')).toHaveLength(1);

    // A declined card is refused; the same failing card is saved but declines the charge.
    const card = (cardNumber: string) =>
      kit.request<{ message: string; subscription: Subscription }>(RENEWAL_PATHS.sandboxCard, {
        token,
        body: {
          subscriptionID: subscription.id,
          cardNumber,
          expiry: '11/38',
          cvc: '123',
          firstName: 'Ada',
          lastName: 'Lovelace',
        },
      });
    expect((await card(SANDBOX_DECLINED_CARD)).status).toBe(402);
    const stillFailing = await card(SANDBOX_RENEWAL_DECLINED_CARD);
    expect(stillFailing.status).toBe(200);
    expect(stillFailing.body.message).toBe(CARD_SAVED_RENEWAL_DECLINED_MESSAGE);
    expect((await call()).status).toBe(402);

    const restored = await card(SANDBOX_TEST_CARD);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.message).toBe(CARD_SAVED_RENEWAL_PAID_MESSAGE);
    expect(restored.body.subscription).toMatchObject({
      state: 'active',
      renewal: { status: 'active', card: '•••• 4242 (11/38)', failed_attempts: 0, past_due_since: null },
    });
    // At once: the cached API key sees the new period on the very next call.
    expect((await call()).status).toBe(200);
    // Suspended before paying: the new month starts at the payment.
    expect(new Date(restored.body.subscription.period_end ?? '').getTime()).toBeGreaterThan(
      graceEnd.getTime() + 27 * DAY,
    );
    const after = await kit.request<{ items: PastDueSubscription[] }>(
      `${RENEWAL_PATHS.adminPastDue}?limit=200`,
      {
        token: await kit.signIn(admin.email, admin.password),
      },
    );
    expect(after.body.items.find((item) => item.email === dev.email)).toBeUndefined();
  }, 120_000);

  it('card updates are validated and belong to their owner', async () => {
    const { dev, subscription } = await proWithCard(SANDBOX_TEST_CARD);
    const other = await newDeveloper(server, { plan: 'none' });
    const body = {
      subscriptionID: subscription.id,
      cardNumber: SANDBOX_TEST_CARD,
      expiry: '11/38',
      cvc: '123',
      firstName: 'Ada',
      lastName: 'Lovelace',
    };
    const foreign = await kit.request(RENEWAL_PATHS.sandboxCard, { token: other.token, body });
    expect(foreign.status).toBe(404);
    const bad = await kit.request(RENEWAL_PATHS.sandboxCard, {
      token: dev.token,
      body: { ...body, expiry: '13/38' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 'failed', field: 'expiry' });
    const saved = await kit.request<{ subscription: Subscription }>(RENEWAL_PATHS.sandboxCard, {
      token: dev.token,
      body: { ...body, cardNumber: '5555 5555 5555 4444' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.subscription.renewal.card).toBe('•••• 4444 (11/38)');
    // Nothing was due: no charge.
    expect(await receiptsOf(dev.token)).toHaveLength(1);
  });
});

describe('cancel at period end', () => {
  it('ends access exactly at the period end, charges nothing, and can be resumed before', async () => {
    const { dev, call, subscription, periodEnd } = await proWithCard(SANDBOX_TEST_CARD);
    const action = (path: string, token = dev.token, subscriptionID = subscription.id) =>
      kit.request<{ message: string; subscription: Subscription }>(path, { token, body: { subscriptionID } });

    const canceled = await action(RENEWAL_PATHS.cancel);
    expect(canceled.status).toBe(200);
    expect(canceled.body.message).toBe(SUBSCRIPTION_CANCELED_MESSAGE);
    expect(canceled.body.subscription.renewal).toMatchObject({
      cancel_at_period_end: true,
      automatic: false,
    });
    const resumed = await action(RENEWAL_PATHS.resume);
    expect(resumed.body.subscription.renewal).toMatchObject({ cancel_at_period_end: false, automatic: true });
    expect((await action(RENEWAL_PATHS.resume)).status).toBe(409);
    expect((await action(RENEWAL_PATHS.cancel)).status).toBe(200);
    expect((await action(RENEWAL_PATHS.cancel)).status).toBe(200);

    const other = await newDeveloper(server, { plan: 'none' });
    expect((await action(RENEWAL_PATHS.cancel, other.token)).status).toBe(404);
    const invalid = await action(RENEWAL_PATHS.cancel, dev.token, 'not-a-uuid');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ status: 'failed', message: 'Subscription ID is not valid' });

    await at(dev.email, new Date(periodEnd.getTime() - 1));
    expect((await call()).status).toBe(200);
    let token = await at(dev.email, periodEnd);
    // Exactly at the period end: no grace.
    expect((await call()).status).toBe(402);
    expect((await action(RENEWAL_PATHS.resume, token)).status).toBe(409);
    await runRenewals();
    token = await kit.signIn(dev.email);
    expect(await subscriptionOf(token)).toBeUndefined();
    const ended = await call();
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({ message: NO_PLAN_MESSAGE });
    expect(await receiptsOf(token)).toHaveLength(1);
  }, 60_000);

  it('a free plan cannot be canceled at period end', async () => {
    const dev = await newDeveloper(server);
    const sub = await subscriptionOf(dev.token);
    const refused = await kit.request(RENEWAL_PATHS.cancel, {
      token: dev.token,
      body: { subscriptionID: sub?.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'failed',
      code: 'conflict',
      message: CANCEL_NOT_POSSIBLE_MESSAGE,
    });
  });
});
