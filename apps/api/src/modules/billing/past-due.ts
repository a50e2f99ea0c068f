import type { PastDueSubscription } from '@app/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { planSubscriptions, subscriptionRenewals } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { stateOf } from '../catalog/index.js';
import { selectSubscriptionRows } from './subscription-rows.js';

/** The admin's view of past-due subscriptions (decision 021): newest first, keyset pages. */
export async function listPastDue(
  db: Db,
  clock: Clock,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: PastDueSubscription[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const rows = await selectSubscriptionRows(db, {
    renewal: subscriptionRenewals,
    subscription: planSubscriptions,
    cursorAt: exactTimestamp(subscriptionRenewals.pastDueSince),
  })
    .innerJoin(subscriptionRenewals, eq(subscriptionRenewals.subscriptionId, planSubscriptions.id))
    .where(
      and(
        eq(subscriptionRenewals.status, 'past_due'),
        eq(planSubscriptions.status, 'active'),
        keysetAfter([subscriptionRenewals.pastDueSince, subscriptionRenewals.subscriptionId], after),
      ),
    )
    .orderBy(desc(subscriptionRenewals.pastDueSince), desc(subscriptionRenewals.subscriptionId))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.renewal.subscriptionId]);
  const now = clock.now();
  return {
    items: page.items.map((row) => {
      const derived = stateOf(row.subscription, now);
      return {
        subscriptionID: row.subscription.id,
        email: row.email,
        name: `${row.firstName} ${row.lastName}`.trim(),
        product: row.product,
        plan: row.plan,
        provider: row.renewal.provider,
        period_end: row.subscription.currentPeriodEnd?.toISOString() ?? null,
        past_due_since: row.renewal.pastDueSince?.toISOString() ?? null,
        failed_attempts: row.renewal.failedAttempts,
        next_attempt_at: row.renewal.nextAttemptAt?.toISOString() ?? null,
        access_ends_at: derived.accessEndsAt?.toISOString() ?? null,
        state: derived.state,
        last_error: row.renewal.lastError,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
