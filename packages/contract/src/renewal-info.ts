import { z } from 'zod';

/**
 * How a subscription renews (decision 021): automatically with a saved card, or by hand; and the
 * dunning state after a failed automatic renewal. Part of each `subscriptions/get` entry (extension).
 */
export const ZRenewalInfo = z.object({
  /** Charged on its own at each period end (a saved card; not canceled at period end). */
  automatic: z.boolean(),
  provider: z.enum(['sandbox', 'stripe']).nullable(),
  /** `past_due`: the last automatic charge failed; `off`: renewed by hand. */
  status: z.enum(['active', 'past_due', 'off']),
  /** `•••• 4242 (12/39)`, or null when no card is saved here. */
  card: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  failed_attempts: z.number().int(),
  /** The next retry of a failed renewal; null when none is left (the grace then runs). */
  next_attempt_at: z.string().nullable(),
  past_due_since: z.string().nullable(),
});
export type RenewalInfo = z.infer<typeof ZRenewalInfo>;
