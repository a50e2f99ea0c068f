import { EMAIL_VERIFICATION_TTL_HOURS } from '@app/contract';
import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { whenInWords } from './security-mail.js';

/** To the new address: the link that makes it the account's. */
export function confirmNewEmailMail(input: {
  to: string;
  firstName: string;
  brandName: string;
  oldEmail: string;
  link: string;
}): MailMessage {
  const asked = `You asked to make ${input.to} the address of your ${input.brandName} account. Open the link below within ${EMAIL_VERIFICATION_TTL_HOURS} hours to confirm it; until then your account keeps ${input.oldEmail}.`;
  const notYou = 'If you did not ask for this, ignore this mail: nothing changes without the link.';
  const text = [`Hello ${input.firstName},`, asked, input.link, notYou].join('\n\n');
  const htmlBody = [
    mailParagraph(`Hello ${escapeHtml(input.firstName)},`),
    mailParagraph(escapeHtml(asked)),
    mailParagraph(mailLink(input.link, 'Confirm my new email address')),
    mailParagraph(escapeHtml(notYou)),
  ].join('\n');
  return { to: input.to, subject: `Confirm your new email address for ${input.brandName}`, text, htmlBody };
}

/** To the old address, once the change is done: when, to what, and what to do if it was not them. */
export function emailChangedMail(input: {
  to: string;
  firstName: string;
  brandName: string;
  newEmail: string;
  contactEmail: string;
  at: Date;
}): MailMessage {
  const changed = `The address of your ${input.brandName} account was changed from ${input.to} to ${input.newEmail} on ${whenInWords(input.at)}. Mail about the account now goes there, and you sign in with it.`;
  const notYou = `If it was not you, write to ${input.contactEmail} at once and we will help you get your account back.`;
  const text = [`Hello ${input.firstName},`, changed, notYou].join('\n\n');
  const htmlBody = [
    mailParagraph(`Hello ${escapeHtml(input.firstName)},`),
    mailParagraph(escapeHtml(changed)),
    mailParagraph(`<strong>${escapeHtml(notYou)}</strong>`),
  ].join('\n');
  return { to: input.to, subject: `Your ${input.brandName} email address was changed`, text, htmlBody };
}
