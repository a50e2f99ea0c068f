import {
  ACCOUNT_ROLE_DESCRIPTIONS,
  ACCOUNT_ROLE_LABELS,
  INVITE_TTL_DAYS,
  type InvitableRole,
} from '@app/contract';
import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

export interface InviteMailInput {
  to: string;
  inviterName: string;
  accountName: string;
  role: InvitableRole;
  brandName: string;
  /** The invitation page with its token. */
  link: string;
}

/** The mail an invited person gets: who invited them, to what, with which role, and the link. */
export function inviteMail(input: InviteMailInput): MailMessage {
  const role = ACCOUNT_ROLE_LABELS[input.role];
  const what = ACCOUNT_ROLE_DESCRIPTIONS[input.role];
  const subject = `${input.inviterName} invited you to ${input.accountName} on ${input.brandName}`;
  const text = [
    'Hello,',
    `${input.inviterName} invited you to join the account “${input.accountName}” on ${input.brandName} as ${role}: ${what}`,
    `Accept the invitation (sign in or sign up with ${input.to}):\n${input.link}`,
    `The link works for ${INVITE_TTL_DAYS} days. If you did not expect it, ignore this mail: nothing happens without you.`,
  ].join('\n\n');
  const p = mailParagraph;
  const htmlBody = [
    p('Hello,'),
    p(
      `${escapeHtml(input.inviterName)} invited you to join the account “${escapeHtml(input.accountName)}” on ${escapeHtml(input.brandName)} as <strong>${escapeHtml(role)}</strong>: ${escapeHtml(what)}`,
    ),
    p(`${mailLink(input.link, 'Accept the invitation')} (sign in or sign up with ${escapeHtml(input.to)}).`),
    `<p style="margin:0;font-size:12px;color:#666">The link works for ${INVITE_TTL_DAYS} days. If you did not expect it, ignore this mail: nothing happens without you.</p>`,
  ].join('\n');
  return { to: input.to, subject, text, htmlBody };
}
