import { and, eq, gt, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { billingReminders, planSubscriptions, subscriptionRenewals } from '../../db/schema/index.js';
import { GRACE_MS } from '../catalog/index.js';
import { selectSubscriptionRows } from './subscription-rows.js';

export const BILLING_REMINDERS_JOB = 'billing.reminders';
/** Hourly, at minute 7: reminders go out within an hour of their moment. */
const SCHEDULE = '7 * * * *';
const DAY_MS = 24 * 60 * 60 * 1000;
/** "Ending soon" is sent this long before the period ends. */
export const ENDING_SOON_MS = 3 * DAY_MS;
/** A reminder whose moment is older than this is not sent (the job was down longer than that). */
const LATE_LIMIT_MS = 3 * DAY_MS;

type ReminderKind = (typeof billingReminders.$inferInsert)['kind'];

interface Window {
  kind: ReminderKind;
  /** Period ends in (from, to] get this reminder now. */
  from: Date;
  to: Date;
}

/**
 * The reminders the billing rules imply (docs/product-contract.md §States): a paid period ending in 3
 * days, the 10-day grace starting, and backend features suspended. Each is mailed once per subscription
 * and period (billing_reminders), with its mail in the same transaction, however often or wherever the
 * hourly job runs. Reads only the active subscriptions whose period end falls in a window (index).
 */
export function defineBillingReminders(deps: AppDeps): void {
  const { db } = deps.database;
  const base = publicUrl(deps.config).replace(/\/$/, '');
  deps.jobs.define<Record<string, never>>({
    name: BILLING_REMINDERS_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    async handle() {
      const now = deps.clock.now().getTime();
      const windows: Window[] = [
        { kind: 'ending-soon', from: new Date(now), to: new Date(now + ENDING_SOON_MS) },
        { kind: 'grace-started', from: new Date(now - LATE_LIMIT_MS), to: new Date(now) },
        {
          kind: 'suspended',
          from: new Date(now - GRACE_MS - LATE_LIMIT_MS),
          to: new Date(now - GRACE_MS),
        },
      ];
      for (const window of windows) await sendWindow(window);
    },
  });
  deps.jobs.schedule(BILLING_REMINDERS_JOB, SCHEDULE);

  async function sendWindow(window: Window): Promise<void> {
    const due = await selectSubscriptionRows(db, {
      id: planSubscriptions.id,
      periodEnd: planSubscriptions.currentPeriodEnd,
    }).where(
      and(
        eq(planSubscriptions.status, 'active'),
        gt(planSubscriptions.currentPeriodEnd, window.from),
        lte(planSubscriptions.currentPeriodEnd, window.to),
        isNull(planSubscriptions.heldAt),
        // Automatic renewals mail their own notices (dunning, decision 021); a plan canceled at
        // period end has no grace to announce.
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptionRenewals)
            .where(
              and(
                eq(subscriptionRenewals.subscriptionId, planSubscriptions.id),
                ne(subscriptionRenewals.status, 'off'),
              ),
            ),
        ),
        window.kind === 'ending-soon' ? undefined : eq(planSubscriptions.cancelAtPeriodEnd, false),
      ),
    );
    for (const subscription of due) {
      if (!subscription.periodEnd) continue;
      const periodEnd = subscription.periodEnd;
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(billingReminders)
          .values({ subscriptionId: subscription.id, kind: window.kind, periodEnd })
          .onConflictDoNothing()
          .returning({ kind: billingReminders.kind });
        if (!claimed) return;
        await deps.mailer.send(
          reminderMail(window.kind, { ...subscription, periodEnd }, `${base}/profile?tab=subscriptions`),
          { db: tx },
        );
      });
    }
  }
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

function reminderMail(
  kind: ReminderKind,
  subscription: { email: string; firstName: string; product: string; plan: string; periodEnd: Date },
  link: string,
) {
  const name = `${subscription.product} ${subscription.plan}`;
  const graceEnd = dateFormat.format(new Date(subscription.periodEnd.getTime() + GRACE_MS));
  const content: Record<ReminderKind, { subject: string; body: string }> = {
    'ending-soon': {
      subject: `Your ${name} plan ends on ${dateFormat.format(subscription.periodEnd)}`,
      body: `Your ${name} plan is paid until ${dateFormat.format(subscription.periodEnd)}. Renew it before then to keep everything running without a break.`,
    },
    'grace-started': {
      subject: `Your ${name} plan has ended: renew by ${graceEnd}`,
      body: `The paid period of your ${name} plan has ended. Everything keeps working for a grace period of 10 days; renew by ${graceEnd} to avoid an interruption.`,
    },
    suspended: {
      subject: `Your ${name} plan is suspended`,
      body: `The grace period of your ${name} plan ended on ${graceEnd}, so its backend features are suspended. Pay the renewal and they work again at once; nothing has been deleted.`,
    },
  };
  const { subject, body } = content[kind];
  return {
    to: subscription.email,
    subject,
    text: `Hello ${subscription.firstName},\n\n${body}\n\nYour subscriptions: ${link}`,
  };
}
