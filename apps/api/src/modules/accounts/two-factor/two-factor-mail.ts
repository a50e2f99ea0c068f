import type { DbTransaction } from '../../../db/client.js';
import { escapeHtml, mailLink, mailParagraph } from '../../../platform/mail/mail-html.js';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer.js';

/** What changed about the person's second factors. */
export type TwoFactorChange =
  | 'totp-enabled'
  | 'totp-disabled'
  | 'passkey-added'
  | 'passkey-removed'
  | 'recovery-codes';

const WHAT: Record<TwoFactorChange, string> = {
  'totp-enabled': 'an authenticator app was set up for two-factor sign-in',
  'totp-disabled': 'the authenticator app was turned off for two-factor sign-in',
  'passkey-added': 'a passkey was added',
  'passkey-removed': 'a passkey was removed',
  'recovery-codes': 'new recovery codes were made (the old ones no longer work)',
};

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export interface TwoFactorMailInput {
  to: string;
  firstName: string;
  brandName: string;
  base: string;
  contactEmail: string;
  at: Date;
  change: TwoFactorChange;
  /** The passkey's name, for passkey changes. */
  detail?: string;
}

/** "Two-factor sign-in changed": when and what, and what to do if it was not them. No secret. */
export function twoFactorChangedMail(input: TwoFactorMailInput): MailMessage {
  const when = `${whenFormat.format(input.at)} UTC`;
  const security = `${input.base}/profile?tab=security`;
  const named = input.detail ? ` ("${input.detail}")` : '';
  const changed = `On ${when}, ${WHAT[input.change]}${named} on your ${input.brandName} account (${input.to}).`;
  const ok = 'If this was you, there is nothing else to do.';
  const notYou = `If it was not you, someone can sign in to your account: change your password now, then check Profile → Security, or write to ${input.contactEmail}.`;
  const text = [`Hello ${input.firstName},`, changed, ok, notYou, `Your security settings: ${security}`].join(
    '\n\n',
  );
  const htmlBody = [
    mailParagraph(`Hello ${escapeHtml(input.firstName)},`),
    mailParagraph(escapeHtml(changed)),
    mailParagraph(escapeHtml(ok)),
    mailParagraph(`<strong>${escapeHtml(notYou)}</strong>`),
    mailParagraph(mailLink(security, 'Your security settings')),
  ].join('\n');
  return {
    to: input.to,
    subject: `Two-factor sign-in changed on your ${input.brandName} account`,
    text,
    htmlBody,
  };
}

/** Sends the notice inside the transaction of the change (like the password mail). */
export interface TwoFactorMailer {
  sendWithin(
    tx: DbTransaction,
    owner: { email: string; firstName: string },
    change: TwoFactorChange,
    at: Date,
    detail?: string,
  ): Promise<void>;
}

export function createTwoFactorMailer(options: {
  mailer: Mailer;
  brandName: string;
  publicUrl: string;
  contactEmail: string;
}): TwoFactorMailer {
  const base = options.publicUrl.replace(/\/$/, '');
  return {
    async sendWithin(tx, owner, change, at, detail) {
      const message = twoFactorChangedMail({
        to: owner.email,
        firstName: owner.firstName,
        brandName: options.brandName,
        base,
        contactEmail: options.contactEmail,
        at,
        change,
        ...(detail ? { detail } : {}),
      });
      await options.mailer.send(message, { db: tx });
    },
  };
}
