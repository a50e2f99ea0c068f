import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { billingReminders, planSubscriptions, subscriptionRenewals } from '../../db/schema/index.js';
import { stateOf } from '../catalog/index.js';
import type { SandboxRenewalCharges } from './renewal-charges.js';
import { suspendedAfterDunningMail } from './renewal-mails.js';
import { selectSubscriptionRows } from './subscription-rows.js';

export const BILLING_RENEWALS_JOB = 'billing.renewals';
/** Every 15 minutes: renewals are charged, and canceled plans end, within 15 minutes of their moment. */
const SCHEDULE = '*/15 * * * *';

/**
 * The scheduled renewal work (decision 021), on the job queue like the reminders (decision 013),
 * reading the injectable clock: plans canceled at period end are ended; sandbox subscriptions whose
 * period ended (or whose retry is due) are charged on their saved card; a past-due subscription
 * whose grace ran out gets its "suspended" mail once. Stripe renews its own subscriptions.
 */
export function defineRenewalSweep(
  deps: AppDeps,
  charges: SandboxRenewalCharges,
  updateCardUrl: string,
): void {
  const { db } = deps.database;
  deps.jobs.define<Record<string, never>>({
    name: BILLING_RENEWALS_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    async handle() {
      await endCanceled();
      await chargeDue();
      await noticeSuspended();
    },
  });
  deps.jobs.schedule(BILLING_RENEWALS_JOB, SCHEDULE);

  async function endCanceled(): Promise<void> {
    const now = deps.clock.now();
    const ended = await db
      .update(planSubscriptions)
      .set({ status: 'canceled', endedAt: sql`${planSubscriptions.currentPeriodEnd}` })
      .where(
        and(
          eq(planSubscriptions.status, 'active'),
          eq(planSubscriptions.cancelAtPeriodEnd, true),
          lte(planSubscriptions.currentPeriodEnd, now),
        ),
      )
      .returning({ id: planSubscriptions.id, userId: planSubscriptions.userId });
    for (const row of ended) {
      await db
        .update(subscriptionRenewals)
        .set({ status: 'off', nextAttemptAt: null, updatedAt: now })
        .where(eq(subscriptionRenewals.subscriptionId, row.id));
      deps.catalog.subscriptionChanged(row.userId);
    }
  }

  async function chargeDue(): Promise<void> {
    const now = deps.clock.now();
    const due = await db
      .select({ subscription: planSubscriptions, renewal: subscriptionRenewals })
      .from(subscriptionRenewals)
      .innerJoin(planSubscriptions, eq(planSubscriptions.id, subscriptionRenewals.subscriptionId))
      .where(
        and(
          eq(subscriptionRenewals.provider, 'sandbox'),
          eq(planSubscriptions.status, 'active'),
          eq(planSubscriptions.cancelAtPeriodEnd, false),
          isNull(planSubscriptions.heldAt),
          lte(planSubscriptions.currentPeriodEnd, now),
          or(
            eq(subscriptionRenewals.status, 'active'),
            and(eq(subscriptionRenewals.status, 'past_due'), lte(subscriptionRenewals.nextAttemptAt, now)),
          ),
        ),
      )
      .limit(500);
    for (const { subscription, renewal } of due) {
      try {
        await charges.charge(subscription, renewal);
      } catch (error) {
        // One subscription's trouble does not hold up the others; the next sweep tries again.
        deps.log.error({ err: error, subscriptionId: subscription.id }, 'renewal charge failed');
      }
    }
  }

  async function noticeSuspended(): Promise<void> {
    const now = deps.clock.now();
    const pastDue = await selectSubscriptionRows(db, { subscription: planSubscriptions })
      .innerJoin(subscriptionRenewals, eq(subscriptionRenewals.subscriptionId, planSubscriptions.id))
      .where(
        and(
          eq(subscriptionRenewals.status, 'past_due'),
          isNull(subscriptionRenewals.nextAttemptAt),
          eq(planSubscriptions.status, 'active'),
        ),
      )
      .limit(500);
    for (const row of pastDue) {
      const periodEnd = row.subscription.currentPeriodEnd;
      if (!periodEnd || stateOf(row.subscription, now).state !== 'suspended') continue;
      await db.transaction(async (tx) => {
        // Once per subscription and period, shared with the reminders' own "suspended" mail.
        const [claimed] = await tx
          .insert(billingReminders)
          .values({ subscriptionId: row.subscription.id, kind: 'suspended', periodEnd })
          .onConflictDoNothing()
          .returning({ kind: billingReminders.kind });
        if (!claimed) return;
        await deps.mailer.send(
          suspendedAfterDunningMail({
            email: row.email,
            firstName: row.firstName,
            plan: `${row.product} ${row.plan}`,
            updateCardUrl,
          }),
          { db: tx },
        );
      });
      deps.catalog.subscriptionChanged(row.subscription.userId);
    }
  }
}
