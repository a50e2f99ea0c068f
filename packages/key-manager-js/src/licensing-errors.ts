/**
 * Licensing's refusals, one class per server error code (like `errors.ts`): activation, heartbeat,
 * checkout and the licensing operations reject with them. validate-key does not: it answers
 * `{ valid, code }` instead, so an app asks one question and switches on one word.
 */

import { RequestRefusedException } from './errors.js';

/** 409 `key_expired`: past its expiry (and any grace), with a policy that refuses expired keys. Renew it. */
export class KeyExpiredException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'key_expired') {
    super(message, 409, { code });
  }
}

/** 409 `trial_expired`: the trial has ended. A `KeyExpiredException` too, so one catch covers both. */
export class TrialExpiredException extends KeyExpiredException {
  constructor(message: string, code: string | null = 'trial_expired') {
    super(message, code);
  }
}

/** 409 `key_suspended`: the owner suspended the key (e.g. unpaid); refused like a disabled key until reinstated. */
export class KeySuspendedException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'key_suspended') {
    super(message, 409, { code });
  }
}

/** 404 `product_not_found`: no product with that code (for this API key's owner). */
export class ProductNotFoundException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'product_not_found') {
    super(message, 404, { code });
  }
}

/** 404 `policy_not_found`: no such policy for the key's product (convert-trial's `policyId`). */
export class PolicyNotFoundException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'policy_not_found') {
    super(message, 404, { code });
  }
}

/** 404 `trial_not_offered`: the product has no trial policy. */
export class TrialNotOfferedException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'trial_not_offered') {
    super(message, 404, { code });
  }
}

/** 409 `trial_used`: this device (or email) already had a trial of the product. */
export class TrialUsedException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'trial_used') {
    super(message, 409, { code });
  }
}

/** 409 `not_a_trial`: convert-trial was given a key that is not a trial. */
export class NotATrialException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'not_a_trial') {
    super(message, 409, { code });
  }
}

/** 409 `key_not_renewable`: the key has no duration to renew by; give `until` instead. */
export class KeyNotRenewableException extends RequestRefusedException {
  constructor(message: string, code: string | null = 'key_not_renewable') {
    super(message, 409, { code });
  }
}

/** The class of each licensing code, for the reply reader. */
export const LICENSING_EXCEPTIONS: ReadonlyMap<string, new (message: string) => RequestRefusedException> =
  new Map<string, new (message: string) => RequestRefusedException>([
    ['key_expired', KeyExpiredException],
    ['trial_expired', TrialExpiredException],
    ['key_suspended', KeySuspendedException],
    ['product_not_found', ProductNotFoundException],
    ['policy_not_found', PolicyNotFoundException],
    ['trial_not_offered', TrialNotOfferedException],
    ['trial_used', TrialUsedException],
    ['not_a_trial', NotATrialException],
    ['key_not_renewable', KeyNotRenewableException],
  ]);
