import { z } from 'zod';
import { ZFailedResponse } from './common.js';
import { licensingInformationFields } from './key-licensing.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Key Manager devices, leases and self-serve transfer (decision 023). An activation
 * with a fingerprint is a device; a key's lease makes devices that stop sending heartbeats give
 * their slot back; a key's transfer allowance lets a new device take the slot of an idle one.
 * Self-contained (no import of key-manager.ts) so that file can build on these schemas.
 */

export const DEVICE_LIMITS = {
  fingerprintMax: 200,
  deviceNameMax: 100,
  platformMax: 50,
  /** A lease shorter than the job's period (one minute) could not be kept. */
  leaseSecondsMin: 60,
  leaseSecondsMax: 365 * 24 * 3600,
  transfersPer30DaysMax: 100,
  transferIdleSecondsMax: 365 * 24 * 3600,
  /** get-key-information with `includeDevices` lists at most this many (most recently seen first). */
  informationDevicesMax: 100,
} as const;

/** The window the transfer allowance counts in. */
export const TRANSFER_WINDOW_DAYS = 30;

// ---- Messages (the SDKs and the docs use these exact strings) ----
export const HEARTBEAT_RECORDED_MESSAGE = 'Heartbeat recorded';
export const KEY_TRANSFERRED_MESSAGE =
  'Key activated on this device; the least recently used device was released to make room';
export const DEVICE_RELEASED_MESSAGE = 'Device released';
export const DEVICE_NOT_FOUND_MESSAGE = 'Device not found';
export const DEVICE_POLICY_SAVED_MESSAGE = 'Device policy saved';
export const FINGERPRINT_REQUIRED_MESSAGE = 'Fingerprint is required';

/**
 * "2026-12-21 14:05:07 UTC": the moment in a refusal, readable anywhere. To the second, rounded up,
 * so a person who tries again at the moment it names is not refused (minutes were up to 59 s early).
 */
export function formatUtcSecond(iso: string): string {
  const up = new Date(Math.ceil(Date.parse(iso) / 1000) * 1000).toISOString();
  return `${up.slice(0, 10)} ${up.slice(11, 19)} UTC`;
}

/**
 * The refusal at the activation limit when the key allows transfers: the sentence starts with the
 * plain limit message (so clients matching it keep working) and says when a new device can take a
 * slot. The reply also carries `nextTransferAt` (ISO 8601) for programs.
 */
export const transferLaterMessage = (nextTransferAtIso: string) =>
  `Activation limit reached. This licence can move to a new device from ${formatUtcSecond(nextTransferAtIso)}; until then, release a device or ask the seller to.`;

// ---- Shapes ----

const zWholeSeconds = (label: string, min: number, max: number) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be ${min} or more`)
    .max(max, `${label} must be at most ${max}`);

/** 0 = permanent (no heartbeat needed), else at least a minute. */
const zLeaseSeconds = zWholeSeconds('Lease seconds', 0, DEVICE_LIMITS.leaseSecondsMax).refine(
  (value) => value === 0 || value >= DEVICE_LIMITS.leaseSecondsMin,
  `Lease seconds must be 0 (permanent) or at least ${DEVICE_LIMITS.leaseSecondsMin}`,
);
const zTransfers = zWholeSeconds('Transfers per 30 days', 0, DEVICE_LIMITS.transfersPer30DaysMax);
const zIdleSeconds = zWholeSeconds('Transfer idle seconds', 0, DEVICE_LIMITS.transferIdleSecondsMax);

/** The device rules of an owner (the defaults of their keys) or in effect for one key. */
export const ZDevicePolicy = z.object({
  leaseSeconds: zLeaseSeconds,
  transfersPer30Days: zTransfers,
  transferIdleSeconds: zIdleSeconds,
});
export type DevicePolicy = z.infer<typeof ZDevicePolicy>;
export const DEFAULT_DEVICE_POLICY: DevicePolicy = {
  leaseSeconds: 0,
  transfersPer30Days: 0,
  transferIdleSeconds: 0,
};

/** A key's own values; null = the owner's policy applies. */
export const ZKeyDevicePolicy = z.object({
  leaseSeconds: zLeaseSeconds.nullable(),
  transfersPer30Days: zTransfers.nullable(),
  transferIdleSeconds: zIdleSeconds.nullable(),
});
export type KeyDevicePolicy = z.infer<typeof ZKeyDevicePolicy>;

/**
 * A device holding an activation. A publishable key sees the list without `fingerprint`, `ip` and
 * `userAgent` (null): whoever knows a fingerprint can deactivate that device, and the others'
 * addresses are none of an app's business.
 */
export const ZDevice = z.object({
  id: z.string(),
  fingerprint: z.string().nullable(),
  name: z.string().nullable(),
  platform: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** When the slot is released without a heartbeat; null when the key's lease is permanent. */
  leaseExpiresAt: z.string().nullable(),
});
export type Device = z.infer<typeof ZDevice>;

const zRequiredFingerprint = z
  .string(FINGERPRINT_REQUIRED_MESSAGE)
  .trim()
  .min(1, FINGERPRINT_REQUIRED_MESSAGE)
  .max(DEVICE_LIMITS.fingerprintMax);

/** Optional device details sent with an activation. */
export const deviceDetailFields = {
  deviceName: z.string().trim().max(DEVICE_LIMITS.deviceNameMax).optional(),
  platform: z.string().trim().max(DEVICE_LIMITS.platformMax).optional(),
};

/**
 * Optional body fields of every public REST call (decision 037): what the app is, for the analytics'
 * breakdowns (the SDKs send them from their configuration). `platform` is the device's platform on
 * activate-key and start-trial too: one field, one bound. Here, not in key-manager-usage.ts, because
 * key-manager.ts's request schemas use them and key-manager-usage.ts imports key-manager.ts.
 */
export const USAGE_REPORT_LIMITS = { appVersionMax: 40, platformMax: DEVICE_LIMITS.platformMax } as const;
export const usageReportFields = {
  appVersion: z.string().trim().max(USAGE_REPORT_LIMITS.appVersionMax).optional(),
  platform: deviceDetailFields.platform,
};

/** Extra fields of an activation reply when a transfer made room. */
export const ZTransferInformation = z.object({
  releasedDeviceId: z.string(),
  transfersUsed: z.number().int(),
  transfersPer30Days: z.number().int(),
});
export type TransferInformation = z.infer<typeof ZTransferInformation>;

/** 409 at the limit: the envelope plus when a transfer becomes possible (keys that allow them). */
export const ZActivationRefusedResponse = ZFailedResponse.extend({
  nextTransferAt: z.string().optional(),
});
export type ActivationRefusedResponse = z.infer<typeof ZActivationRefusedResponse>;

// ---- Public REST: heartbeat ----

const zKey = z.string().trim().min(1, 'Key is required').max(128);
const zKeyId = z.uuid('ID is not a valid key ID');

export const ZHeartbeatRequest = z
  .object({
    key: zKey.optional(),
    id: zKeyId.optional(),
    fingerprint: zRequiredFingerprint,
    ...usageReportFields,
  })
  .refine((b) => b.key !== undefined || b.id !== undefined, { message: 'Key is required', path: ['key'] });
export type HeartbeatRequest = z.input<typeof ZHeartbeatRequest>;

export const ZHeartbeatResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  id: z.string(),
  key: z.string(),
  maxActivations: z.number().int(),
  currentActivations: z.number().int(),
  isActive: z.boolean(),
  ...licensingInformationFields,
  /** The key's lease in seconds (0: permanent) and when this device's slot lapses without another heartbeat. */
  leaseSeconds: z.number().int(),
  leaseExpiresAt: z.string().nullable(),
});
export type HeartbeatResponse = z.infer<typeof ZHeartbeatResponse>;

// ---- Dashboard ----

export const ZGetDevicesRequest = z.strictObject({ keyId: zKeyId, ...zPageQuery });
export type GetDevicesRequest = z.input<typeof ZGetDevicesRequest>;
export const ZGetDevicesResponse = z.object({
  status: z.literal('ok'),
  /** Most recently seen first. */
  devices: z.array(ZDevice),
  nextCursor: zNextCursor,
  /** The key's own values (null: owner default) and the values in effect. */
  keyPolicy: ZKeyDevicePolicy,
  policy: ZDevicePolicy,
  /** Transfers in the last 30 days, and when the next one is possible if none is left now. */
  transfersUsed: z.number().int(),
  nextTransferAt: z.string().nullable(),
});
export type GetDevicesResponse = z.infer<typeof ZGetDevicesResponse>;

export const ZReleaseDeviceRequest = z.strictObject({ keyId: zKeyId, deviceId: z.uuid('Device not found') });
export type ReleaseDeviceRequest = z.input<typeof ZReleaseDeviceRequest>;

export const ZDevicePolicyResponse = z.object({ status: z.literal('ok'), policy: ZDevicePolicy });
export type DevicePolicyResponse = z.infer<typeof ZDevicePolicyResponse>;
export const ZSetDevicePolicyRequest = z.strictObject(ZDevicePolicy.shape);
export type SetDevicePolicyRequest = z.input<typeof ZSetDevicePolicyRequest>;

export const ZSetKeyDevicePolicyRequest = z.strictObject({ keyId: zKeyId, ...ZKeyDevicePolicy.shape });
export type SetKeyDevicePolicyRequest = z.input<typeof ZSetKeyDevicePolicyRequest>;

// ---- Dashboard: every device of the owner (across keys) ----

/** Paths of the owner-wide device list (here, beside its schemas, so this file stays self-contained). */
export const OWNER_DEVICES_PATHS = {
  /** POST: the owner's devices across keys, most recently seen first, filtered by product, key and status. */
  listDevices: '/api/v1/saas-platform/key-manager/list-devices',
} as const;

/** `active`: its slot is held (permanent, or seen within the key's lease); `lapsed`: the lease passed. */
export const DEVICE_STATUSES = ['active', 'lapsed'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const ZListDevicesRequest = z.strictObject({
  ...zPageQuery,
  productId: z.uuid('Product not found').optional(),
  /**
   * Part of the key's text, its name or its licensee (as the Keys tab's search), at least three
   * characters as there (KEY_SEARCH_MIN in key-manager.ts, which builds on this file).
   */
  search: z
    .string()
    .trim()
    .max(200, 'Search must be at most 200 characters')
    .refine((text) => text.length === 0 || text.length >= 3, 'Type at least 3 characters to search')
    .optional(),
  status: z.enum(DEVICE_STATUSES, 'Status must be active or lapsed').optional(),
});
export type ListDevicesRequest = z.input<typeof ZListDevicesRequest>;

/**
 * A device with the key holding it: the key's id (its page), name and product. The fingerprint and the
 * key are masked (first and last four characters, as the usage views show keys): a list of every
 * device is read over a shoulder more easily than one key's page, and neither is needed to release.
 */
export const ZOwnerDevice = z.object({
  id: z.string(),
  maskedFingerprint: z.string(),
  name: z.string().nullable(),
  platform: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  leaseExpiresAt: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  keyId: z.string(),
  maskedKey: z.string(),
  keyName: z.string().nullable(),
  productId: z.string(),
  productCode: z.string(),
  productName: z.string(),
});
export type OwnerDevice = z.infer<typeof ZOwnerDevice>;

export const ZListDevicesResponse = z.object({
  status: z.literal('ok'),
  /** Most recently seen first. */
  devices: z.array(ZOwnerDevice),
  nextCursor: zNextCursor,
});
export type ListDevicesResponse = z.infer<typeof ZListDevicesResponse>;
