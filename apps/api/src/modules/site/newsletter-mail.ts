import { escapeHtml } from '../../platform/mail/mail-html.js';
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
  const html = `<p>Thanks for subscribing to the ${escapeHtml(input.brandName)} newsletter.</p>
<p><a href="${escapeHtml(input.confirmUrl)}">Confirm my subscription</a></p>
<p>If you did not ask for this, ignore this email and you will not hear from us again.</p>
<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>`;
  return {
    to: input.to,
    subject: `Confirm your subscription to the ${input.brandName} newsletter`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
