import { z } from 'zod';
import { ENTITLEMENT_LIMITS, ZValidationCode, zCustomerFields, zProductCode } from './key-licensing.js';
import { KEY_LIMITS, keyOrIdIssue, keyRef, needsKeyOrId, ZPublicKeyInformation } from './key-manager.js';
import { zMoment } from './key-manager-dashboard.js';
import { deviceDetailFields, usageReportFields } from './key-manager-devices.js';

/**
 * Licensing's public REST operations (decision 032), beside the spec's in KEY_MANAGER_PATHS.
 * validate-key and start-trial may be called with a publishable key; the others need a secret key.
 */

const zFingerprint = z
  .string('Fingerprint is required')
  .trim()
  .min(1, 'Fingerprint is required')
  .max(KEY_LIMITS.fingerprintMax);

/** `entitlements`: names the app needs; a key lacking one answers ENTITLEMENTS_MISSING. */
export const ZValidateKeyRequest = z
  .object({
    ...keyRef,
    fingerprint: zFingerprint.optional(),
    product: zProductCode.optional(),
    entitlements: z
      .array(z.string().min(1).max(ENTITLEMENT_LIMITS.nameMax))
      .max(ENTITLEMENT_LIMITS.entries, `At most ${ENTITLEMENT_LIMITS.entries} entitlements`)
      .optional(),
    ...usageReportFields,
  })
  .refine(needsKeyOrId, keyOrIdIssue);
export type ValidateKeyRequest = z.input<typeof ZValidateKeyRequest>;

export const ZValidateKeyResponse = z.object({
  status: z.literal('ok'),
  /** May the app run now. */
  valid: z.boolean(),
  code: ZValidationCode,
  /** The code as a sentence for a person. */
  message: z.string(),
  /** The key's information; null with NOT_FOUND. */
  key: ZPublicKeyInformation.nullable(),
  /** With ENTITLEMENTS_MISSING: the names asked for that the key lacks. */
  missingEntitlements: z.array(z.string()).optional(),
});
export type ValidateKeyResponse = z.infer<typeof ZValidateKeyResponse>;

/**
 * A trial of `product` for one device: a new key from the product's trial policy, activated on the
 * fingerprint. At most one per fingerprint per product, and per email when one is given.
 */
export const ZStartTrialRequest = z.object({
  product: zProductCode,
  fingerprint: zFingerprint,
  email: zCustomerFields.customerEmail,
  name: zCustomerFields.customerName,
  ...deviceDetailFields,
  appVersion: usageReportFields.appVersion,
});
export type StartTrialRequest = z.input<typeof ZStartTrialRequest>;
export const TRIAL_STARTED_MESSAGE = 'Trial started';
export const ZStartTrialResponse = ZPublicKeyInformation.extend({
  status: z.literal('ok'),
  message: z.string(),
});
export type StartTrialResponse = z.infer<typeof ZStartTrialResponse>;

/** A trial becomes a paid key from `policyId` (else the product's first standard policy); its devices stay. */
export const ZConvertTrialRequest = z
  .object({
    ...keyRef,
    policyId: z.uuid('Policy is not a valid policy ID').optional(),
    ...zCustomerFields,
    ...usageReportFields,
  })
  .refine(needsKeyOrId, keyOrIdIssue);
export type ConvertTrialRequest = z.input<typeof ZConvertTrialRequest>;
export const TRIAL_CONVERTED_MESSAGE = 'Trial converted';

/** Extends the expiry by the key's duration (from its expiry, or from now once expired), or sets it to `until`. */
export const ZRenewKeyRequest = z
  .object({ ...keyRef, until: zMoment('Until').optional(), ...usageReportFields })
  .refine(needsKeyOrId, keyOrIdIssue);
export type RenewKeyRequest = z.input<typeof ZRenewKeyRequest>;
export const KEY_RENEWED_MESSAGE = 'Key renewed';

/** Suspends (e.g. unpaid) or reinstates a key; a suspended key is refused like a disabled one. */
export const ZSuspendKeyRequest = z
  .object({
    ...keyRef,
    suspended: z.boolean('Say whether the key is suspended (true or false)'),
    ...usageReportFields,
  })
  .refine(needsKeyOrId, keyOrIdIssue);
export type SuspendKeyRequest = z.input<typeof ZSuspendKeyRequest>;
export const KEY_SUSPENDED_NOW_MESSAGE = 'Key suspended';
export const KEY_REINSTATED_MESSAGE = 'Key reinstated';

/** convert-trial, renew-key and suspend-key answer a message and the key's new state. */
export const ZLicensingChangeResponse = ZPublicKeyInformation.extend({
  status: z.literal('ok'),
  message: z.string(),
});
export type LicensingChangeResponse = z.infer<typeof ZLicensingChangeResponse>;
