import type { MailMessage } from '../../platform/mail/mailer.js';
import { formatMoney } from '../../platform/money.js';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

export interface DunningMailInput {
  email: string;
  firstName: string;
  /** "Key Manager Pro". */
  plan: string;
  amountCents: number;
  currency: string;
  attempt: number;
  /** The next retry, or null after the last one (the grace then runs until `accessEndsAt`). */
  nextAttemptAt: Date | null;
  accessEndsAt: Date | null;
  /** Where the card is updated: the Subscriptions tab (it opens the provider's page for Stripe). */
  updateCardUrl: string;
}

/**
 * Dunning mails (decision 021): one per failed automatic renewal charge, each with the link to update
 * the card; and the notice when backend features stop after the grace. Sent in the transaction that
 * records the failure, so each goes out once.
 */
export function dunningMail(input: DunningMailInput): MailMessage {
  const amount = formatMoney(input.amountCents, input.currency);
  const next = input.nextAttemptAt
    ? `We will try the card again on ${dateFormat.format(input.nextAttemptAt)}. Everything keeps working meanwhile.`
    : `That was the last automatic try. Everything keeps working until ${
        input.accessEndsAt ? dateFormat.format(input.accessEndsAt) : 'the end of the grace period'
      } (10 days of grace); after that the plan's backend features are suspended until it is paid.`;
  const text = [
    `Hello ${input.firstName},`,
    `The automatic renewal of your ${input.plan} plan (${amount}) failed: the card was declined (attempt ${input.attempt}).`,
    next,
    `Update your card and the renewal is charged at once: ${input.updateCardUrl}`,
  ].join('\n\n');
  return {
    to: input.email,
    subject: input.nextAttemptAt
      ? `Payment for your ${input.plan} plan failed: please update your card`
      : `Last notice: the renewal of your ${input.plan} plan could not be charged`,
    text,
  };
}

export function suspendedAfterDunningMail(input: {
  email: string;
  firstName: string;
  plan: string;
  updateCardUrl: string;
}): MailMessage {
  return {
    to: input.email,
    subject: `Your ${input.plan} plan is suspended`,
    text: [
      `Hello ${input.firstName},`,
      `The renewal of your ${input.plan} plan could not be charged and its 10-day grace period is over, so its backend features are suspended. Nothing has been deleted.`,
      `Update your card and the renewal is charged at once; everything works again immediately: ${input.updateCardUrl}`,
    ].join('\n\n'),
  };
}
