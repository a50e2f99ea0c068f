/**
 * `getUsage` (decision 037): the owner's usage counts per hour or day, for dashboards of their own.
 * Secret API key only. Written out (not imported) so the published package stands alone.
 */
import type { RateLimitInfo } from './replies.js';

export interface UsageInput {
  /** The first moment (rounded down to its hour or day, UTC). */
  from: Date | string;
  /** Default: now. */
  to?: Date | string;
  /** Default `day`. At most 744 hours or 91 days per call. */
  granularity?: 'hour' | 'day';
  productId?: string;
  keyId?: string;
}

/** One bucket's calls per operation family; `refusals` counts calls of any operation that were refused. */
export interface UsagePoint {
  /** The bucket's start, ISO 8601 UTC. */
  at: string;
  validations: number;
  activations: number;
  deactivations: number;
  heartbeats: number;
  checkouts: number;
  information: number;
  other: number;
  refusals: number;
}

export interface UsageTotals extends Omit<UsagePoint, 'at'> {
  calls: number;
  uniqueDevices: number;
}

export interface UsageResult {
  status: 'ok';
  granularity: 'hour' | 'day';
  /** Every bucket of the range, oldest first (zero where nothing was called). */
  series: UsagePoint[];
  totals: UsageTotals;
  rateLimit: RateLimitInfo | null;
}

/** The wire body of `getUsage`. */
export function usageBody(input: UsageInput): Record<string, string> {
  const moment = (value: Date | string, name: string) => {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) throw new TypeError(`${name} must be a date`);
    return date.toISOString();
  };
  const body: Record<string, string> = { from: moment(input.from, 'from') };
  if (input.to !== undefined) body.to = moment(input.to, 'to');
  if (input.granularity) body.granularity = input.granularity;
  if (input.productId) body.productId = input.productId;
  if (input.keyId) body.keyId = input.keyId;
  return body;
}
