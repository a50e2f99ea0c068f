import { type AdminSubscribersQuery, NEWSLETTER_SUCCESS_MESSAGE, type Subscriber } from '@app/contract';
import { and, desc, eq, ilike } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { containsPattern, exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { newsletterSubscriptions } from '../../db/schema/index.js';
import { tableCounts } from '../../db/table-stats.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { confirmationMail } from './newsletter-mail.js';
import { hashLinkToken, newLinkToken } from './tokens.js';

/**
 * Per-IP subscribe limit (docs/operations.md, Newsletter): enough for a family behind one router, too
 * few to mail-bomb.
 */
export const SUBSCRIBE_LIMIT = { points: 10, durationSeconds: 15 * 60 } as const;
/** A pending address gets at most this many confirmation mails per hour, whatever the IP. */
const RESEND_LIMIT = { points: 3, durationSeconds: 60 * 60 } as const;
/** Confirmation links older than this are refused; subscribing again sends a fresh one. */
const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const INVALID_LINK = 'This link is not valid. Open it again from the most recent email.';

export function createNewsletterService(deps: AppDeps) {
  const { db } = deps.database;
  const ipLimiter = deps.rateLimiters({ name: 'newsletter-ip', ...SUBSCRIBE_LIMIT });
  const resendLimiter = deps.rateLimiters({ name: 'newsletter-resend', ...RESEND_LIMIT });
  const base = publicUrl(deps.config).replace(/\/$/, '');

  /** New tokens for every mail: earlier links stop working, and only hashes are stored. */
  async function sendConfirmation(email: string): Promise<void> {
    const confirmToken = newLinkToken();
    const unsubscribeToken = newLinkToken();
    // The new token hashes and the mail carrying the tokens commit together (delivery is a job).
    await db.transaction(async (tx) => {
      await tx
        .update(newsletterSubscriptions)
        .set({
          status: 'pending',
          confirmTokenHash: hashLinkToken(confirmToken),
          unsubscribeTokenHash: hashLinkToken(unsubscribeToken),
          updatedAt: deps.clock.now(),
        })
        .where(eq(newsletterSubscriptions.email, email));
      await deps.mailer.send(
        confirmationMail({
          to: email,
          brandName: deps.config.BRAND_NAME,
          confirmUrl: `${base}/newsletter/confirm?token=${confirmToken}`,
          unsubscribeUrl: `${base}/newsletter/unsubscribe?token=${unsubscribeToken}`,
          oneClickUrl: `${base}/api/v1/anonymous/newsletter/one-click-unsubscribe?token=${unsubscribeToken}`,
        }),
        { db: tx },
      );
    });
  }

  return {
    /**
     * One record per address. Confirmed addresses get no new mail; the reply is the same in every
     * case, so the form does not reveal who is subscribed.
     */
    async subscribe(email: string, ip: string): Promise<string> {
      await ipLimiter.consume(ip);
      await db
        .insert(newsletterSubscriptions)
        .values({ email, unsubscribeTokenHash: hashLinkToken(newLinkToken()) })
        .onConflictDoNothing({ target: newsletterSubscriptions.email });
      const [row] = await db
        .select({ status: newsletterSubscriptions.status })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email));
      if (row && row.status !== 'confirmed') {
        const allowed = await resendLimiter.consume(email).then(
          () => true,
          (error: unknown) => {
            if (error instanceof AppError && error.statusCode === 429) return false;
            throw error;
          },
        );
        if (allowed) await sendConfirmation(email);
      }
      return NEWSLETTER_SUCCESS_MESSAGE;
    },

    async confirm(token: string): Promise<string> {
      const [row] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.confirmTokenHash, hashLinkToken(token)));
      if (!row) throw notFound(INVALID_LINK);
      if (row.status === 'confirmed') return 'Your subscription is already confirmed.';
      if (row.status === 'unsubscribed') {
        throw new AppError(409, 'You unsubscribed from this address. Subscribe again to get the newsletter.');
      }
      if (deps.clock.now().getTime() - row.updatedAt.getTime() > CONFIRM_LINK_TTL_MS) {
        throw badRequest('This confirmation link has expired. Subscribe again and we will send a new one.');
      }
      const now = deps.clock.now();
      await db
        .update(newsletterSubscriptions)
        .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, updatedAt: now })
        .where(eq(newsletterSubscriptions.id, row.id));
      return 'Thanks! Your subscription is confirmed.';
    },

    /** Idempotent: a second click answers the same, so a mail client's retry is harmless. */
    async unsubscribe(token: string): Promise<string> {
      const [row] = await db
        .select({ id: newsletterSubscriptions.id, status: newsletterSubscriptions.status })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hashLinkToken(token)));
      if (!row) throw notFound(INVALID_LINK);
      if (row.status !== 'unsubscribed') {
        const now = deps.clock.now();
        await db
          .update(newsletterSubscriptions)
          .set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
          .where(eq(newsletterSubscriptions.id, row.id));
      }
      return 'You have been unsubscribed and will not receive the newsletter any more.';
    },

    /**
     * Confirmed subscribers, newest confirmation first, in keyset pages on (confirmed_at, id) (a
     * partial index of confirmed rows); `search` matches the email (trigram index). `total` is the
     * trigger-kept count of confirmed rows, not a count of the table.
     */
    async confirmedSubscribers(
      query: AdminSubscribersQuery,
    ): Promise<{ subscribers: Subscriber[]; nextCursor: string | null; total: number }> {
      const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
      const pattern = containsPattern(query.search);
      const { confirmedAt, id, email, status } = newsletterSubscriptions;
      const [rows, counts] = await Promise.all([
        db
          .select({ id, email, confirmedAt, cursorAt: exactTimestamp(confirmedAt) })
          .from(newsletterSubscriptions)
          .where(
            and(
              eq(status, 'confirmed'),
              pattern ? ilike(email, pattern) : undefined,
              keysetAfter([confirmedAt, id], after),
            ),
          )
          .orderBy(desc(confirmedAt), desc(id))
          .limit(query.limit + 1),
        tableCounts(db, ['newsletter_subscriptions:confirmed']),
      ]);
      const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
      return {
        subscribers: page.items.map((row) => ({
          email: row.email,
          confirmedAt: (row.confirmedAt ?? new Date(0)).toISOString(),
        })),
        nextCursor: page.nextCursor,
        total: counts['newsletter_subscriptions:confirmed'],
      };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
