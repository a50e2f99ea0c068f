import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTransaction } from '../../db/client.js';
import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';

/**
 * Security notices to the person (decision 033): a sign-in from a new device and a new API key. Like
 * the password notice (password-mail.ts) they say when and what, what to do if it was not them, and
 * carry no secret and no link that signs in. The password and two-factor notices have files of their own.
 */
export interface SecurityMailContext {
  brandName: string;
  /** `PUBLIC_URL` without a trailing slash. */
  base: string;
  contactEmail: string;
}

export interface Person {
  email: string;
  firstName: string;
}

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const whenInWords = (at: Date) => `${whenFormat.format(at)} UTC`;

function notice(
  context: SecurityMailContext,
  person: Person,
  parts: { subject: string; happened: string; notYou: string; link: { href: string; label: string } },
): MailMessage {
  const ok = 'If this was you, there is nothing else to do.';
  const help = `If you need help, write to ${context.contactEmail}.`;
  const text = [
    `Hello ${person.firstName},`,
    parts.happened,
    ok,
    parts.notYou,
    `${parts.link.label}: ${parts.link.href}`,
    help,
  ].join('\n\n');
  const htmlBody = [
    mailParagraph(`Hello ${escapeHtml(person.firstName)},`),
    mailParagraph(escapeHtml(parts.happened)),
    mailParagraph(escapeHtml(ok)),
    mailParagraph(`<strong>${escapeHtml(parts.notYou)}</strong>`),
    mailParagraph(mailLink(parts.link.href, parts.link.label)),
    mailParagraph(
      `If you need help, write to ${mailLink(`mailto:${context.contactEmail}`, context.contactEmail)}.`,
    ),
  ].join('\n');
  return { to: person.email, subject: parts.subject, text, htmlBody };
}

export function newDeviceMail(
  context: SecurityMailContext,
  person: Person,
  signIn: { device: string; ip: string | null; at: Date },
): MailMessage {
  const from = signIn.ip ? ` from the address ${signIn.ip}` : '';
  return notice(context, person, {
    subject: `New sign-in to your ${context.brandName} account`,
    happened: `Your ${context.brandName} account (${person.email}) was signed in to on ${whenInWords(signIn.at)} with ${signIn.device}${from}, a device we had not seen you use in the last 90 days.`,
    notYou:
      'If it was not you, sign that device out on the Sessions page of your profile and change your password at once.',
    link: { href: `${context.base}/profile?tab=sessions`, label: 'Your sessions' },
  });
}

export function apiKeyCreatedMail(
  context: SecurityMailContext,
  person: Person,
  key: { name: string; kind: string; at: Date; account: string | null },
): MailMessage {
  const where = key.account ? ` in the account ${key.account}` : '';
  return notice(context, person, {
    subject: `A new API key was created in your ${context.brandName} account`,
    happened: `A ${key.kind} API key named "${key.name}" was created with your sign-in${where} on ${whenInWords(key.at)}.`,
    notYou:
      'If it was not you, delete the key in the Key Manager now, sign your other devices out on the Sessions page and change your password.',
    link: { href: `${context.base}/profile?tab=sessions`, label: 'Your sessions' },
  });
}

/**
 * Records a notice in the outbox. A notice never fails what it tells of: with a transaction it goes
 * in a savepoint, and a failure is logged.
 */
export async function sendSecurityNotice(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
  db?: DbOrTransaction,
): Promise<void> {
  try {
    if (db)
      await db.transaction((savepoint) => mailer.send(message, { db: savepoint }).then(() => undefined));
    else await mailer.send(message);
  } catch (error) {
    log.warn({ err: error, subject: message.subject }, 'a security notice could not be recorded');
  }
}
