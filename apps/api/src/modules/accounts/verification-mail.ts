import { EMAIL_VERIFICATION_TTL_HOURS } from '@app/contract';
import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

export interface VerificationMailInput {
  to: string;
  firstName: string;
  brandName: string;
  /** The link with its token (verification.ts). */
  link: string;
}

/** The sentence the welcome mail and the "send the link again" mail share. */
export function verificationSentence(brandName: string): string {
  return `Confirm that this address is yours: open the link below within ${EMAIL_VERIFICATION_TTL_HOURS} hours. Until then you can use ${brandName}, but not pay, create API keys or invite members.`;
}

/** The mail "send the link again" sends (the sign-up's link comes in the welcome mail). */
export function verificationMail(input: VerificationMailInput): MailMessage {
  const sentence = verificationSentence(input.brandName);
  const notYou = `If you did not sign up at ${input.brandName}, ignore this mail: nothing happens without the link.`;
  const text = [`Hello ${input.firstName},`, sentence, input.link, notYou].join('\n\n');
  const htmlBody = [
    mailParagraph(`Hello ${escapeHtml(input.firstName)},`),
    mailParagraph(escapeHtml(sentence)),
    mailParagraph(mailLink(input.link, 'Verify my email address')),
    mailParagraph(escapeHtml(notYou)),
  ].join('\n');
  return { to: input.to, subject: `Verify your email address for ${input.brandName}`, text, htmlBody };
}
