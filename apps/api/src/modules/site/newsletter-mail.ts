import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

export interface ConfirmationMailInput {
  to: string;
  brandName: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
}

/**
 * The double opt-in mail. `List-Unsubscribe` points at the one-click endpoint and
 * `List-Unsubscribe-Post` tells mail clients they may POST to it (RFC 8058).
 */
export function confirmationMail(input: ConfirmationMailInput): MailMessage {
  const text = [
    `Thanks for subscribing to the ${input.brandName} newsletter.`,
    '',
    'Please confirm your address to start receiving it:',
    input.confirmUrl,
    '',
    'If you did not ask for this, ignore this email and you will not hear from us again.',
    '',
    `Unsubscribe at any time: ${input.unsubscribeUrl}`,
  ].join('\n');
  const htmlBody = [
    mailParagraph(`Thanks for subscribing to the ${escapeHtml(input.brandName)} newsletter.`),
    mailParagraph(mailLink(input.confirmUrl, 'Confirm my subscription')),
    mailParagraph('If you did not ask for this, ignore this email and you will not hear from us again.'),
    `<p style="margin:0;font-size:12px;color:#666">${mailLink(input.unsubscribeUrl, 'Unsubscribe')}</p>`,
  ].join('\n');
  return {
    to: input.to,
    subject: `Confirm your subscription to the ${input.brandName} newsletter`,
    text,
    htmlBody,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
