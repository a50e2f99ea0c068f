import { addDuration, durationFromIso, type ExpiryBehaviour } from '@app/contract';
import type { KeyPolicyRow } from '../../../db/schema/index.js';

/** What a new key is issued with (decision 032): copied from a policy, then overridden field by field. */
export interface KeyTerms {
  productId: string;
  policyId: string | null;
  maxActivations: number;
  expiresAt: Date | null;
  /** ISO 8601; with `expiresAt` null the clock starts at the first activation. */
  duration: string | null;
  expiryBehaviour: ExpiryBehaviour;
  graceDays: number;
  leaseSeconds: number | null;
  transfersPer30Days: number | null;
  transferIdleSeconds: number | null;
  entitlements: Record<string, string | number | boolean>;
  metadata: Record<string, unknown>;
  trial: boolean;
}

/** A key made without a policy: perpetual, the owner's device rules, nothing else. */
export function bareTerms(productId: string, maxActivations: number): KeyTerms {
  return {
    productId,
    policyId: null,
    maxActivations,
    expiresAt: null,
    duration: null,
    expiryBehaviour: 'refuse',
    graceDays: 0,
    leaseSeconds: null,
    transfersPer30Days: null,
    transferIdleSeconds: null,
    entitlements: {},
    metadata: {},
    trial: false,
  };
}

/**
 * A policy's terms at `now`. Its clock starts now (`issue`) or at the first activation (the key keeps
 * the duration and no expiry until then). A trial key gets the policy's limit, one device when it says
 * 0 (unlimited makes no sense for a trial).
 */
export function termsFromPolicy(policy: KeyPolicyRow, now: Date): KeyTerms {
  const duration = durationFromIso(policy.duration);
  const trial = policy.kind === 'trial';
  return {
    productId: policy.productId,
    policyId: policy.id,
    maxActivations: trial ? policy.maxActivations || 1 : policy.maxActivations,
    expiresAt: duration && policy.clockStarts === 'issue' ? addDuration(now, duration) : null,
    duration: policy.duration,
    expiryBehaviour: policy.expiryBehaviour,
    graceDays: policy.graceDays,
    leaseSeconds: policy.leaseSeconds,
    transfersPer30Days: policy.transfersPer30Days,
    transferIdleSeconds: policy.transferIdleSeconds,
    entitlements: { ...policy.entitlements },
    metadata: { ...policy.metadata },
    trial,
  };
}

/** The `licence_keys` columns of these terms, for an insert. */
export function termColumns(terms: KeyTerms) {
  return {
    productId: terms.productId,
    policyId: terms.policyId,
    maxActivations: terms.maxActivations,
    expiresAt: terms.expiresAt,
    duration: terms.duration,
    expiryBehaviour: terms.expiryBehaviour,
    graceDays: terms.graceDays,
    leaseSeconds: terms.leaseSeconds,
    transfersPer30Days: terms.transfersPer30Days,
    transferIdleSeconds: terms.transferIdleSeconds,
    entitlements: terms.entitlements,
    metadata: terms.metadata,
    trial: terms.trial,
  };
}
