import { EMAIL_CHANGES_PER_HOUR } from '@app/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { emailVerifications, type UserRow, users } from '../../db/schema/index.js';
import { verifySecret } from '../../platform/auth/passwords.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { confirmNewEmailMail, emailChangedMail } from './email-change-mail.js';
import { sendSecurityNotice } from './security-mail.js';
import { issueVerificationLink } from './verification-link.js';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'mailer' | 'config' | 'rateLimiters' | 'audit' | 'log'>;

const TAKEN = 'An account with this email already exists';

/**
 * Changing the address (decision 033): the new address gets a link, and the account's address
 * changes, verified, only when it is opened; the old address is told then. A link is bound to the
 * address it was sent to, so a link for another address than the account's is a change request.
 */
export class EmailChanges {
  private readonly limiter;

  constructor(private readonly deps: Deps) {
    this.limiter = deps.rateLimiters({
      name: 'email-change',
      points: EMAIL_CHANGES_PER_HOUR,
      durationSeconds: 60 * 60,
    });
  }

  async request(userId: string, email: string, currentPassword: string): Promise<string> {
    const { db } = this.deps.database;
    await this.limiter.consume(userId);
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound('Account not found');
    if (!(await verifySecret(user.passwordHash, currentPassword))) {
      throw badRequest('The current password is incorrect', 'currentPassword');
    }
    if (email === user.email) throw badRequest('That is already your email address', 'email');
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) throw conflict(TAKEN, 'email');
    await db.transaction(async (tx) => {
      // One change at a time: links of earlier requests for other addresses stop working.
      await tx
        .update(emailVerifications)
        .set({ expiresAt: this.deps.clock.now() })
        .where(
          and(
            eq(emailVerifications.userId, user.id),
            isNull(emailVerifications.usedAt),
            ne(emailVerifications.email, user.email),
          ),
        );
      const link = await issueVerificationLink(
        tx,
        { id: user.id, email },
        { clock: this.deps.clock, base: publicUrl(this.deps.config) },
      );
      const mail = confirmNewEmailMail({
        to: email,
        firstName: user.firstName,
        brandName: this.deps.config.BRAND_NAME,
        oldEmail: user.email,
        link,
      });
      await this.deps.mailer.send(mail, { db: tx });
    });
    return `We sent a link to ${email}: your address changes when you open it. Until then it stays ${user.email}`;
  }

  /**
   * Opens a change link (claimed once by the caller's check): the account takes the new address,
   * verified; every other open link of the person stops working (an older link must not change the
   * address back); the old address is told. False when another opening claimed it first.
   */
  async complete(link: { id: string; email: string }, user: UserRow, ip: string): Promise<boolean> {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, link.email)).limit(1);
    if (taken && taken.id !== user.id) throw conflict(TAKEN);
    try {
      return await db.transaction(async (tx) => {
        const claimed = await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(and(eq(emailVerifications.id, link.id), isNull(emailVerifications.usedAt)))
          .returning({ id: emailVerifications.id });
        if (claimed.length === 0) return false;
        await tx
          .update(users)
          .set({ email: link.email, emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
        await tx
          .update(emailVerifications)
          .set({ expiresAt: now })
          .where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
        await this.deps.audit.record(
          {
            accountId: user.id,
            actor: user,
            action: 'email.verified',
            target: link.email,
            detail: { changedFrom: user.email },
            ip: ip || null,
          },
          tx,
        );
        await sendSecurityNotice(
          this.deps.mailer,
          this.deps.log,
          emailChangedMail({
            to: user.email,
            firstName: user.firstName,
            brandName: this.deps.config.BRAND_NAME,
            newEmail: link.email,
            contactEmail: this.deps.config.CONTACT_EMAIL,
            at: now,
          }),
          tx,
        );
        return true;
      });
    } catch (error) {
      // Someone took the address between the check and the update (users.email is unique).
      if (isUniqueViolation(error)) throw conflict(TAKEN);
      throw error;
    }
  }
}

/** PostgreSQL's unique violation; Drizzle keeps the driver's error as `cause`. */
function isUniqueViolation(error: unknown): boolean {
  const found = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return found?.code === '23505' || found?.cause?.code === '23505';
}
