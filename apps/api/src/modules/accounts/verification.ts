import {
  EMAIL_LINK_EXPIRED_MESSAGE,
  EMAIL_LINK_INVALID_MESSAGE,
  EMAIL_VERIFICATION_RESENDS_PER_HOUR,
  EMAIL_VERIFICATION_TTL_HOURS,
} from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { emailVerifications, users } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { EmailChanges } from './email-change.js';
import { issueVerificationLink, tokenHash } from './verification-link.js';
import { verificationMail } from './verification-mail.js';

export interface VerifyOutcome {
  email: string;
  alreadyVerified: boolean;
  /** The account's address before: the link changed it (Settings → email). */
  changedFrom?: string;
}

/**
 * Verification of a person's address (decision 033): the sign-up's link (sent with the welcome mail,
 * welcome-mail.ts), a new link on request, and the link's use. Paying, API keys and invitations ask
 * `guards.requireVerifiedEmail`, which reads `users.email_verified_at` through the session state.
 */
export class EmailVerifications {
  private readonly resendLimiter;
  private readonly base: string;
  /** Settings' change of address, whose links this class opens too (email-change.ts). */
  readonly changes: EmailChanges;

  constructor(
    private readonly deps: Pick<
      AppDeps,
      'database' | 'clock' | 'mailer' | 'config' | 'rateLimiters' | 'audit' | 'log'
    >,
    /** Drops the guard's cached state of the person (SessionService.accountChanged). */
    private readonly personChanged: (userId: string) => Promise<void>,
  ) {
    this.base = publicUrl(deps.config);
    this.changes = new EmailChanges(deps);
    this.resendLimiter = deps.rateLimiters({
      name: 'email-verification-resend',
      points: EMAIL_VERIFICATION_RESENDS_PER_HOUR,
      durationSeconds: 60 * 60,
    });
  }

  async status(userId: string): Promise<{ email: string; verifiedAt: Date | null }> {
    const [user] = await this.deps.database.db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw notFound('Account not found');
    return user;
  }

  /** Mails a new link (earlier ones stay good until they expire); a verified address needs none. */
  async resend(userId: string): Promise<string> {
    const { db } = this.deps.database;
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound('Account not found');
    if (user.emailVerifiedAt) throw conflict('Your email address is already verified');
    await this.resendLimiter.consume(userId);
    await db.transaction(async (tx) => {
      const link = await issueVerificationLink(tx, user, { clock: this.deps.clock, base: this.base });
      const mail = verificationMail({
        to: user.email,
        firstName: user.firstName,
        brandName: this.deps.config.BRAND_NAME,
        link,
      });
      await this.deps.mailer.send(mail, { db: tx });
    });
    return `We sent a new link to ${user.email}; it works for ${EMAIL_VERIFICATION_TTL_HOURS} hours`;
  }

  /**
   * Uses a link once. A link already used answers what it proved (the address stays verified), so
   * opening the mail twice is not an error. A link for another address than the account's changes
   * the account's address to it (email-change.ts); completing a change ends every other open link,
   * so an old one can neither change it back nor verify an address the person no longer has.
   */
  async verify(token: string, ip: string): Promise<VerifyOutcome> {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const [row] = await db
      .select({ link: emailVerifications, user: users })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(eq(emailVerifications.tokenHash, tokenHash(token)))
      .limit(1);
    if (!row) throw badRequest(EMAIL_LINK_INVALID_MESSAGE, 'token');
    const { link, user } = row;
    const isCurrent = link.email === user.email;
    if (link.usedAt) {
      if (isCurrent && user.emailVerifiedAt) return { email: user.email, alreadyVerified: true };
      throw badRequest(EMAIL_LINK_INVALID_MESSAGE, 'token');
    }
    if (link.expiresAt <= now) throw badRequest(EMAIL_LINK_EXPIRED_MESSAGE, 'token');
    // A link for another address than the account's asks to change it (Settings → email).
    if (!isCurrent) {
      if (!(await this.changes.complete(link, user, ip))) return { email: user.email, alreadyVerified: true };
      await this.personChanged(user.id);
      return { email: link.email, alreadyVerified: false, changedFrom: user.email };
    }
    const verifiedNow = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.id, link.id), isNull(emailVerifications.usedAt)))
        .returning({ id: emailVerifications.id });
      if (claimed.length === 0) return false;
      const marked = await tx
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      if (marked.length > 0) {
        await this.deps.audit.record(
          {
            accountId: user.id,
            actor: user,
            action: 'email.verified',
            target: user.email,
            ip: ip || null,
          },
          tx,
        );
      }
      return marked.length > 0;
    });
    if (verifiedNow) await this.personChanged(user.id);
    return { email: user.email, alreadyVerified: !verifiedNow };
  }
}
