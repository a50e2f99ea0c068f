import type { FastifyBaseLogger } from 'fastify';
import type { DbTransaction } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { escapeHtml, mailLink, mailParagraph } from '../../platform/mail/mail-html.js';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import { issueVerificationLink } from './verification-link.js';
import { verificationSentence } from './verification-mail.js';

export interface WelcomeMailInput {
  to: string;
  firstName: string;
  brandName: string;
  /** `PUBLIC_URL` without a trailing slash. */
  base: string;
  /** The address's verification link (verification.ts), first thing in the mail. */
  verifyLink?: string;
}

/**
 * The mail a client gets after signing up: the link that verifies their address, then what they
 * can do next, with links into the app.
 */
export function welcomeMail(input: WelcomeMailInput): MailMessage {
  const links = {
    profile: `${input.base}/profile`,
    orders: `${input.base}/orders`,
    newOrder: `${input.base}/orders/create`,
    keyManager: `${input.base}/store/key-manager`,
  };
  const text = [
    `Hello ${input.firstName},`,
    `Welcome to ${input.brandName}! Your account is ready.`,
    ...(input.verifyLink ? [`${verificationSentence(input.brandName)}\n${input.verifyLink}`] : []),
    'What you can do next:',
    [
      `- Order a project: describe what you need and follow it from request to delivery.\n  ${links.newOrder}`,
      `- Try the Key Manager: issue and check licence keys for your software, free to start.\n  ${links.keyManager}`,
    ].join('\n'),
    `Your profile: ${links.profile}\nYour orders: ${links.orders}`,
    `You received this mail because this address was used to sign up at ${input.base}.`,
  ].join('\n\n');
  const p = mailParagraph;
  const htmlBody = [
    p(`Hello ${escapeHtml(input.firstName)},`),
    p(`Welcome to ${escapeHtml(input.brandName)}! Your account is ready.`),
    ...(input.verifyLink
      ? [
          p(escapeHtml(verificationSentence(input.brandName))),
          p(mailLink(input.verifyLink, 'Verify my email address')),
        ]
      : []),
    '<p style="margin:0 0 8px">What you can do next:</p>',
    '<ul style="margin:0 0 16px;padding-left:20px">',
    `<li style="margin-bottom:8px">${mailLink(links.newOrder, 'Order a project')}: describe what you need and follow it from request to delivery.</li>`,
    `<li>${mailLink(links.keyManager, 'Try the Key Manager')}: issue and check licence keys for your software, free to start.</li>`,
    '</ul>',
    p(`${mailLink(links.profile, 'Your profile')} · ${mailLink(links.orders, 'Your orders')}`),
    `<p style="margin:0;font-size:12px;color:#666">You received this mail because this address was used to sign up at ${escapeHtml(input.base)}.</p>`,
  ].join('\n');
  return { to: input.to, subject: `Welcome to ${input.brandName}, ${input.firstName}`, text, htmlBody };
}

/** Sends the welcome mail inside the sign-up transaction (see `WelcomeMailer.sendWithin`). */
export interface WelcomeMailer {
  sendWithin(tx: DbTransaction, user: { id: string; email: string; firstName: string }): Promise<void>;
}

export function createWelcomeMailer(options: {
  mailer: Mailer;
  brandName: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** With a clock, the mail carries the address's verification link, written in the same savepoint. */
  clock?: Clock;
}): WelcomeMailer {
  const base = options.publicUrl.replace(/\/$/, '');
  return {
    async sendWithin(tx, user) {
      const clock = options.clock;
      try {
        // A savepoint: should recording the mail (or its link) fail, the account still commits
        // without them; "send the link again" on the profile makes a new link.
        await tx.transaction(async (savepoint) => {
          const verifyLink = clock
            ? await issueVerificationLink(savepoint, user, { clock, base })
            : undefined;
          const message = welcomeMail({
            to: user.email,
            firstName: user.firstName,
            brandName: options.brandName,
            base,
            ...(verifyLink ? { verifyLink } : {}),
          });
          await options.mailer.send(message, { db: savepoint });
        });
      } catch (error) {
        options.log.warn({ err: error }, 'welcome mail could not be recorded; the account was created');
      }
    },
  };
}
