import type { DbTransaction } from '../../db/client.js';
import type { AuditTrail } from '../../platform/audit/audit-trail.js';
import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';

/** How the owner changed their password: in Settings (knowing the old one) or with the reset dialog. */
export type PasswordChangeWay = 'settings' | 'reset';

export interface PasswordChangedMailInput {
  to: string;
  firstName: string;
  brandName: string;
  /** `PUBLIC_URL` without a trailing slash. */
  base: string;
  contactEmail: string;
  at: Date;
  way: PasswordChangeWay;
}

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const HOW: Record<PasswordChangeWay, string> = {
  settings: 'in your account settings',
  reset: 'with "Forgot password?" and the answer to your security question',
};

/**
 * Tells the owner their password changed, when and how, and what to do if it was not them. It
 * carries no secret: not the password, not the security question's answer, no link that signs in.
 */
export function passwordChangedMail(input: PasswordChangedMailInput): MailMessage {
  const when = `${whenFormat.format(input.at)} UTC`;
  const links = { signin: `${input.base}/signin`, settings: `${input.base}/profile?tab=settings` };
  const changed = `The password of your ${input.brandName} account (${input.to}) was changed on ${when}, ${HOW[input.way]}. Every other device signed in to your account was signed out.`;
  const ok = 'If this was you, there is nothing else to do.';
  const notYou =
    'If it was not you, someone else knows your password or the answer to your security question. Set a new password now with "Forgot password?" on the sign-in page, then choose a new security question in your settings.';
  const help = `If you cannot sign in any more, write to ${input.contactEmail} and we will help you get your account back.`;
  const text = [
    `Hello ${input.firstName},`,
    changed,
    ok,
    notYou,
    `Sign in: ${links.signin}\nYour settings: ${links.settings}`,
    help,
  ].join('\n\n');
  const htmlBody = [
    mailParagraph(`Hello ${escapeHtml(input.firstName)},`),
    mailParagraph(escapeHtml(changed)),
    mailParagraph(escapeHtml(ok)),
    mailParagraph(`<strong>${escapeHtml(notYou)}</strong>`),
    mailParagraph(`${mailLink(links.signin, 'Sign in')} · ${mailLink(links.settings, 'Your settings')}`),
    mailParagraph(
      `If you cannot sign in any more, write to ${mailLink(`mailto:${input.contactEmail}`, input.contactEmail)} and we will help you get your account back.`,
    ),
  ].join('\n');
  return { to: input.to, subject: `Your ${input.brandName} password was changed`, text, htmlBody };
}

/**
 * Sends the notice inside the transaction that sets the password (see AccountService), and records
 * `password.changed` on the owner's own account's audit trail in it (decision 033).
 */
export interface PasswordChangeMailer {
  sendWithin(
    tx: DbTransaction,
    owner: { id: string; email: string; firstName: string; lastName: string },
    way: PasswordChangeWay,
    at: Date,
  ): Promise<void>;
}

export function createPasswordChangeMailer(options: {
  mailer: Mailer;
  brandName: string;
  publicUrl: string;
  contactEmail: string;
  audit?: AuditTrail;
}): PasswordChangeMailer {
  const base = options.publicUrl.replace(/\/$/, '');
  return {
    async sendWithin(tx, owner, way, at) {
      const message = passwordChangedMail({
        to: owner.email,
        firstName: owner.firstName,
        brandName: options.brandName,
        base,
        contactEmail: options.contactEmail,
        at,
        way,
      });
      await options.mailer.send(message, { db: tx });
      await options.audit?.record(
        { accountId: owner.id, actor: owner, action: 'password.changed', detail: { way } },
        tx,
      );
    },
  };
}
