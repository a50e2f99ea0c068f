import type { PendingPaymentsResponse, Receipt, ReceiptsGetQuery, Subscription } from '@app/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp } from '../../db/keyset.js';
import {
  payments,
  planSubscriptions,
  receipts,
  saasPlans,
  saasProducts,
  subscriptionRenewals,
} from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import type { CatalogPort } from '../../ports/catalog.js';
import { stateOf } from '../catalog/index.js';
import { invoiceDues } from './invoices/invoice-dues.js';
import { projectDues } from './project-dues.js';
import { renewalInfo } from './renewal-info.js';
import type { UpgradeService } from './upgrades.js';

/** Unfinished checkouts older than this no longer count as pending. */
const PENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What a client sees of their billing: subscriptions with state, amounts due, receipts. */
export class AccountBilling {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalog: CatalogPort,
    private readonly upgrades: UpgradeService,
  ) {}

  async subscriptions(userId: string): Promise<Subscription[]> {
    const rows = await this.db
      .select({
        subscription: planSubscriptions,
        plan: saasPlans,
        product: saasProducts,
        renewal: subscriptionRenewals,
      })
      .from(planSubscriptions)
      .innerJoin(saasPlans, eq(saasPlans.id, planSubscriptions.planId))
      .innerJoin(saasProducts, eq(saasProducts.id, planSubscriptions.productId))
      .leftJoin(subscriptionRenewals, eq(subscriptionRenewals.subscriptionId, planSubscriptions.id))
      .where(and(eq(planSubscriptions.userId, userId), eq(planSubscriptions.status, 'active')))
      .orderBy(asc(saasProducts.id));
    const plans = await this.catalog.toPlans(rows.map((row) => row.plan));
    const open = await this.upgrades.openOf(userId);
    const now = this.clock.now();
    return rows.map((row, index) => {
      const derived = stateOf(row.subscription, now);
      const upgrade = open.find((entry) => entry.request.subscriptionId === row.subscription.id);
      const plan = plans[index];
      if (!plan) throw new Error('plan mapping mismatch');
      return {
        id: row.subscription.id,
        productID: row.product.id,
        product: row.product.name,
        plan,
        subscribedPlanID: row.plan.id,
        state: derived.state,
        started_at: row.subscription.startedAt.toISOString(),
        period_end: row.subscription.currentPeriodEnd?.toISOString() ?? null,
        grace_ends_at: derived.state === 'active' ? null : (derived.accessEndsAt?.toISOString() ?? null),
        grace_days_left: derived.state === 'grace' ? derived.graceDaysLeft : null,
        on_hold: derived.onHold,
        hasAPI: row.plan.hasApi,
        pendingUpgrade: upgrade
          ? {
              id: upgrade.request.id,
              targetPlan: upgrade.toPlan.name,
              status: upgrade.request.status,
              amount: upgrade.request.amountCents,
            }
          : null,
        renewal: renewalInfo(row.subscription, row.renewal),
      };
    });
  }

  /**
   * Dashboard "pending payment": recent unfinished checkouts, renewals due, approved upgrades and
   * projects with a payment link.
   */
  async pending(userId: string): Promise<Omit<PendingPaymentsResponse, 'status'>> {
    const now = this.clock.now();
    const items: PendingPaymentsResponse['items'] = [];
    const subscriptions = await this.subscriptions(userId);
    for (const sub of subscriptions) {
      // A subscription on hold (disputed payment) is not restored by paying again.
      if (sub.state !== 'active' && !sub.on_hold && sub.plan.is_recurring && !sub.plan.is_free) {
        items.push({
          kind: 'renewal',
          description: `${sub.product} — ${sub.plan.name} renewal`,
          amount: sub.plan.price,
          paymentID: null,
          productID: sub.productID,
          requestID: null,
        });
      }
      if (sub.pendingUpgrade?.status === 'approved' && sub.pendingUpgrade.amount > 0) {
        items.push({
          kind: 'upgrade',
          description: `${sub.product} — change to ${sub.pendingUpgrade.targetPlan}`,
          amount: sub.pendingUpgrade.amount,
          paymentID: null,
          productID: sub.productID,
          requestID: sub.pendingUpgrade.id,
        });
      }
    }
    const open = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.status, 'pending'),
          eq(payments.kind, 'subscription'),
          gt(payments.createdAt, new Date(now.getTime() - PENDING_WINDOW_MS)),
        ),
      )
      .orderBy(desc(payments.createdAt));
    for (const row of open) {
      items.push({
        kind: 'payment',
        description: row.description,
        amount: row.amountCents,
        paymentID: row.id,
        productID: row.productId,
        requestID: null,
      });
    }
    items.push(...(await projectDues(this.db, userId)));
    items.push(...(await invoiceDues(this.db, userId, now)));
    const total = items.reduce((sum, item) => sum + item.amount, 0);
    return { total: items.length ? total : null, currency: 'usd', items };
  }

  /**
   * The caller's receipts, newest first, in keyset pages on (issued_at, id) over receipts_user_idx
   * (decision 030); every page is bounded by `user_id`, so no cursor reaches another user's receipts.
   * `receipt` asks for that one receipt of the caller (the receipt mail's link).
   */
  async receipts(
    userId: string,
    query: ReceiptsGetQuery,
  ): Promise<{ receipts: Receipt[]; nextCursor: string | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.integer]);
    const rows = await this.db
      .select({
        receipt: receipts,
        refundedCents: payments.refundedCents,
        cursorAt: exactTimestamp(receipts.issuedAt),
      })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(
        and(
          eq(receipts.userId, userId),
          query.receipt ? eq(receipts.id, query.receipt) : undefined,
          after
            ? sql`(${receipts.issuedAt}, ${receipts.id}) < (${after[0]}::timestamptz, ${after[1]}::integer)`
            : undefined,
        ),
      )
      .orderBy(desc(receipts.issuedAt), desc(receipts.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, String(row.receipt.id)]);
    return { receipts: page.items.map((row) => this.receiptOf(row)), nextCursor: page.nextCursor };
  }

  private receiptOf({
    receipt: row,
    refundedCents,
  }: {
    receipt: typeof receipts.$inferSelect;
    refundedCents: number;
  }): Receipt {
    return {
      id: row.id,
      order_id: row.paymentId,
      date: row.issuedAt.toISOString(),
      method: row.method,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      phone: row.phone,
      address: row.address,
      city: row.city,
      country: row.country,
      items: row.items,
      duration: row.duration,
      amount: row.amountCents,
      currency: row.currency,
      status: row.status,
      status_message: row.statusMessage,
      number: row.number,
      refunded_amount: refundedCents,
    };
  }
}
