import { ClockGuard, DEFAULT_CLOCK_TOLERANCE_SECONDS } from './clock-guard.js';
import { pickKeyInformation, requireKeyInformation } from './key-information.js';
import {
  type ConvertTrialInput,
  convertTrialBody,
  type LicensingChangeResult,
  type RenewKeyInput,
  readChange,
  readValidation,
  renewKeyBody,
  requireText,
  type SignedCallOptions,
  type StartTrialInput,
  type SuspendKeyInput,
  startTrialBody,
  suspendKeyBody,
  type ValidateKeyInput,
  type ValidationResult,
  validateKeyBody,
} from './licensing.js';
import type {
  LicensingChangeResponse,
  StartTrialResponse,
  ValidateKeyResponse,
} from './licensing-wire-types.js';
import type {
  ActivationResponse,
  DeviceDetails,
  HeartbeatResult,
  KeyInformationOptions,
  KeyInformationResponse,
  LicenseCheckoutResponse,
  ManipulationResponse,
} from './results.js';
import { Transport } from './transport.js';
import { type UsageInput, type UsageResult, usageBody } from './usage.js';
import type {
  ActivateKeyRequest,
  ActivateKeyResponse,
  CheckoutLicenseRequest,
  CheckoutLicenseResponse,
  DeactivateKeyRequest,
  DeleteKeyResponse,
  GetKeyInformationRequest,
  GetKeyInformationResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  KeyManipulationResponse,
  MarkKeyAsActiveRequest,
} from './wire-types.js';

/**
 * The public REST paths. Written out (not imported) so the published package stands alone;
 * `wire-types.test.ts` fails if they ever drift from the contract.
 */
export const PUBLIC_PATHS = {
  getKeyInformation: '/api/v1/saas-platform/key-manager/get-key-information',
  activateKey: '/api/v1/saas-platform/key-manager/activate-key',
  deactivateKey: '/api/v1/saas-platform/key-manager/deactivate-key',
  markKeyAsActive: '/api/v1/saas-platform/key-manager/mark-key-as-active',
  deleteKey: '/api/v1/saas-platform/key-manager/delete-key',
  heartbeat: '/api/v1/saas-platform/key-manager/heartbeat',
  checkoutLicense: '/api/v1/saas-platform/key-manager/checkout-license',
  validateKey: '/api/v1/saas-platform/key-manager/validate-key',
  startTrial: '/api/v1/saas-platform/key-manager/start-trial',
  convertTrial: '/api/v1/saas-platform/key-manager/convert-trial',
  renewKey: '/api/v1/saas-platform/key-manager/renew-key',
  suspendKey: '/api/v1/saas-platform/key-manager/suspend-key',
  getUsage: '/api/v1/saas-platform/key-manager/usage',
} as const;

export const DEFAULT_BASE_URL = 'http://localhost:3000';
/** The environment variable naming the server in Node, as in the Java library. */
export const BASE_URL_ENV = 'KEY_MANAGER_BASE_URL';

/**
 * `KEY_MANAGER_BASE_URL` when this runs in Node (or Deno, Bun) and it is set, else the default. Read
 * through `globalThis` so browsers, which have no `process`, get the default and the published
 * declarations need no Node types.
 */
function defaultBaseUrl(): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const fromEnv = env?.[BASE_URL_ENV]?.trim();
  return fromEnv ? fromEnv : DEFAULT_BASE_URL;
}
export const SDK_VERSION = '1.0.0';

export interface KeyManagerOptions {
  /**
   * The server's origin, e.g. `https://example.com`. Default: `KEY_MANAGER_BASE_URL` in Node, else
   * `http://localhost:3000`.
   */
  baseUrl?: string;
  /** Per-call timeout in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /** A fetch implementation (tests, proxies). Default: the global fetch. */
  fetch?: typeof fetch;
  /**
   * The owner's licence public keys (PEM or base64, the ones `verifyLicense` takes: dashboard → Key
   * Manager → Offline licences), current and previous. Needed for signed replies.
   */
  licensePublicKeys?: string | readonly string[];
  /** Ask for (and verify) a signed reply on every `validateKey` and `getKeyInformation`. Default false. */
  signReplies?: boolean;
  /** How far a signed reply's time may be from this device's clock. Default 300 seconds. */
  replyToleranceSeconds?: number;
  /**
   * The last-seen-time guard signed replies advance (and a clock turned back is refused by). Share
   * it with `verifyLicense({ clockGuard })`; persist `clockGuard.lastSeenAt`. Default: a new one.
   */
  clockGuard?: ClockGuard;
  /** This device's clock in Unix milliseconds. Default `Date.now`. */
  now?: () => number;
  /** Your app's version, sent with every call for the owner's analytics (at most 40 characters). */
  appVersion?: string;
  /** The platform the app runs on ("windows", "ios"…), sent with every call (at most 50 characters). */
  platform?: string;
}

/**
 * Client of the Key Manager public REST interface, authorised by a manager API key. Every method
 * resolves on success and rejects with a `KeyManagerException` subclass otherwise.
 */
export class KeyManager {
  readonly baseUrl: string;
  /** The last-seen-time guard of this client's signed replies (see `KeyManagerOptions.clockGuard`). */
  readonly clockGuard: ClockGuard;
  readonly #transport: Transport;
  readonly #signReplies: boolean;

  constructor(apiKey: string, options: KeyManagerOptions = {}) {
    if (typeof apiKey !== 'string' || apiKey.trim() === '') throw new TypeError('apiKey must not be empty');
    const baseUrl = (options.baseUrl ?? defaultBaseUrl()).trim().replace(/\/+$/, '');
    if (!/^https?:\/\//.test(baseUrl)) throw new TypeError('baseUrl must start with http:// or https://');
    const timeoutMs = options.timeoutMs ?? 10_000;
    if (!(timeoutMs > 0)) throw new TypeError('timeoutMs must be positive');
    const keys = options.licensePublicKeys ?? [];
    const licensePublicKeys = typeof keys === 'string' ? [keys] : [...keys];
    if (licensePublicKeys.some((key) => typeof key !== 'string' || key.trim() === '')) {
      throw new TypeError('licensePublicKeys must be PEM or base64 public keys');
    }
    this.#signReplies = options.signReplies === true;
    if (this.#signReplies && licensePublicKeys.length === 0) {
      throw new TypeError('signReplies needs licensePublicKeys to verify the replies with');
    }
    const replyToleranceSeconds = options.replyToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
    if (!(replyToleranceSeconds > 0)) throw new TypeError('replyToleranceSeconds must be positive');
    this.baseUrl = baseUrl;
    this.clockGuard = options.clockGuard ?? new ClockGuard();
    this.#transport = new Transport({
      baseUrl,
      apiKey,
      timeoutMs,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      licensePublicKeys,
      replyToleranceSeconds,
      clockGuard: this.clockGuard,
      now: options.now ?? Date.now,
      report: usageReport(options),
    });
  }

  /**
   * The owner's usage counts per hour or day (secret API key only; a publishable key is refused with
   * `RequestRefusedException`, code `publishable_key_not_allowed`): calls per operation family,
   * refusals and unique devices, every bucket present.
   */
  async getUsage(input: UsageInput): Promise<UsageResult> {
    const { reply, rateLimit } = await this.#transport.post<Omit<UsageResult, 'rateLimit'>>(
      PUBLIC_PATHS.getUsage,
      usageBody(input),
    );
    return {
      status: 'ok',
      granularity: reply.granularity,
      series: reply.series,
      totals: reply.totals,
      rateLimit,
    };
  }

  /**
   * A licence key's information: id, activation limit and count, whether it is usable, and its
   * licensing state (status, expiry, product, entitlements…). `{ signed: true }` verifies the reply.
   */
  async getKeyInformation(key: string, options: KeyInformationOptions = {}): Promise<KeyInformationResponse> {
    return this.#information({ key: requireText(key, 'key'), ...devicesOption(options) }, options);
  }

  /** The same, addressing the key by its id (the dashboard shows it). */
  async getKeyInformationById(
    id: string,
    options: KeyInformationOptions = {},
  ): Promise<KeyInformationResponse> {
    return this.#information({ id: requireText(id, 'id'), ...devicesOption(options) }, options);
  }

  /**
   * May the app run now, in one call: `{ valid, code, message, key }`. The key's state, expiry
   * (with grace), product, this device's activation and the entitlements asked for are all checked;
   * `code` says which answered. A refusal is an answer here, not an exception (only a failed call
   * rejects). A publishable key may call it. `{ signed: true }` (or the client's `signReplies`)
   * verifies the reply was signed by the owner for this very request.
   */
  async validateKey(input: ValidateKeyInput, options: SignedCallOptions = {}): Promise<ValidationResult> {
    const body = validateKeyBody(input);
    const { reply, rateLimit, signature } = await this.#transport.post<ValidateKeyResponse>(
      PUBLIC_PATHS.validateKey,
      body,
      this.#wantsSignature(options),
    );
    return readValidation(reply, rateLimit, signature);
  }

  /**
   * Starts a trial of `product` on this device: a new key from the product's trial policy, activated
   * on the fingerprint. One per device (and per email) per product: `TrialUsedException` after
   * that. A publishable key may call it.
   */
  async startTrial(input: StartTrialInput): Promise<LicensingChangeResult> {
    return this.#change(PUBLIC_PATHS.startTrial, startTrialBody(input));
  }

  /** Turns a trial into a paid key (the given policy, else the product's first); its devices stay. */
  async convertTrial(input: ConvertTrialInput): Promise<LicensingChangeResult> {
    return this.#change(PUBLIC_PATHS.convertTrial, convertTrialBody(input));
  }

  /** Extends the expiry by the key's duration (from its expiry, or from now once expired), or sets it to `until`. */
  async renewKey(input: RenewKeyInput): Promise<LicensingChangeResult> {
    return this.#change(PUBLIC_PATHS.renewKey, renewKeyBody(input));
  }

  /** Suspends (`suspended: true`, e.g. unpaid) or reinstates a key; a suspended key is refused like a disabled one. */
  async suspendKey(input: SuspendKeyInput): Promise<LicensingChangeResult> {
    return this.#change(PUBLIC_PATHS.suspendKey, suspendKeyBody(input));
  }

  /**
   * Adds one activation. With a `fingerprint` (a stable id of the device or installation) the
   * activation is a device and idempotent: the same fingerprint counts once however often it
   * activates, so retrying after a timeout is always safe. At the limit, a key that allows
   * transfers may release its least recently used idle device (`transfer` in the reply).
   */
  async activate(key: string, fingerprint?: string, device: DeviceDetails = {}): Promise<ActivationResponse> {
    const body: ActivateKeyRequest = { key: requireText(key, 'key') };
    if (fingerprint !== undefined) body.fingerprint = requireText(fingerprint, 'fingerprint');
    if (device.deviceName) body.deviceName = device.deviceName;
    if (device.platform) body.platform = device.platform;
    const { reply, rateLimit } = await this.#transport.post<ActivateKeyResponse>(
      PUBLIC_PATHS.activateKey,
      body,
    );
    return {
      status: 'ok',
      message: reply.message,
      keyInformation: pickKeyInformation(reply),
      ...(reply.transfer ? { transfer: reply.transfer } : {}),
      rateLimit,
    };
  }

  /**
   * Tells the server this device still runs, so a key with a lease keeps its slot. Rejects with
   * `DeviceNotActivatedException` when the slot is gone (released, or the lease lapsed): activate
   * again. `startHeartbeat` (heartbeat.ts) calls this in the background.
   */
  async heartbeat(key: string, fingerprint: string): Promise<HeartbeatResult> {
    const body: HeartbeatRequest = {
      key: requireText(key, 'key'),
      fingerprint: requireText(fingerprint, 'fingerprint'),
    };
    const { reply, rateLimit } = await this.#transport.post<HeartbeatResponse>(PUBLIC_PATHS.heartbeat, body);
    return {
      status: 'ok',
      message: reply.message,
      keyInformation: requireKeyInformation(reply),
      leaseSeconds: Number(reply.leaseSeconds ?? 0),
      leaseExpiresAt: reply.leaseExpiresAt ? new Date(reply.leaseExpiresAt) : null,
      rateLimit,
    };
  }

  /** Removes one activation (or the given device's activation). */
  async deactivate(key: string, fingerprint?: string): Promise<ManipulationResponse> {
    const body: DeactivateKeyRequest = { key: requireText(key, 'key') };
    if (fingerprint !== undefined) body.fingerprint = requireText(fingerprint, 'fingerprint');
    return this.#manipulate(PUBLIC_PATHS.deactivateKey, body);
  }

  /** Enables (`true`) or disables (`false`) a key; a disabled key refuses activation and deactivation. */
  async setUsable(key: string, usable: boolean): Promise<ManipulationResponse> {
    if (typeof usable !== 'boolean') throw new TypeError('usable must be true or false');
    const body: MarkKeyAsActiveRequest = { key: requireText(key, 'key'), isActive: usable };
    return this.#manipulate(PUBLIC_PATHS.markKeyAsActive, body);
  }

  /** Deletes a key for good; later calls with it fail with `Invalid Key Provided`. */
  async delete(key: string): Promise<ManipulationResponse> {
    return this.#manipulate(PUBLIC_PATHS.deleteKey, { key: requireText(key, 'key') });
  }

  /**
   * A signed offline licence for this device (activate it first, with the same fingerprint), valid
   * for `ttlSeconds` (default 7 days, at most 30). Keep it, and check it with `verifyLicense` when the
   * server cannot be reached. A publishable key may call this.
   */
  async checkoutLicense(
    key: string,
    fingerprint: string,
    ttlSeconds?: number,
  ): Promise<LicenseCheckoutResponse> {
    const body: CheckoutLicenseRequest = {
      key: requireText(key, 'key'),
      fingerprint: requireText(fingerprint, 'fingerprint'),
    };
    if (ttlSeconds !== undefined) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0)
        throw new TypeError('ttlSeconds must be a positive whole number');
      body.ttlSeconds = ttlSeconds;
    }
    const { reply, rateLimit } = await this.#transport.post<CheckoutLicenseResponse>(
      PUBLIC_PATHS.checkoutLicense,
      body,
    );
    return { status: 'ok', certificate: reply.certificate, license: reply.license, rateLimit };
  }

  async #information(
    body: GetKeyInformationRequest,
    options: SignedCallOptions,
  ): Promise<KeyInformationResponse> {
    const { reply, rateLimit, signature } = await this.#transport.post<GetKeyInformationResponse>(
      PUBLIC_PATHS.getKeyInformation,
      body,
      this.#wantsSignature(options),
    );
    return {
      status: 'ok',
      keyInformation: requireKeyInformation(reply),
      ...(Array.isArray(reply.devices) ? { devices: reply.devices } : {}),
      ...(signature ? { signature } : {}),
      rateLimit,
    };
  }

  async #manipulate(path: string, body: object): Promise<ManipulationResponse> {
    const { reply, rateLimit } = await this.#transport.post<KeyManipulationResponse | DeleteKeyResponse>(
      path,
      body,
    );
    return { status: 'ok', message: reply.message, keyInformation: pickKeyInformation(reply), rateLimit };
  }

  /** start-trial, convert-trial, renew-key and suspend-key all answer a message and the key. */
  async #change(path: string, body: object): Promise<LicensingChangeResult> {
    const { reply, rateLimit } = await this.#transport.post<LicensingChangeResponse | StartTrialResponse>(
      path,
      body,
    );
    return readChange(reply, rateLimit);
  }

  #wantsSignature(options: SignedCallOptions): boolean {
    const signed = options.signed ?? this.#signReplies;
    if (signed && !this.#transport.canVerify) {
      throw new TypeError('a signed reply needs licensePublicKeys (the owner’s licence public keys)');
    }
    return signed;
  }
}

function devicesOption(options: KeyInformationOptions): Pick<GetKeyInformationRequest, 'includeDevices'> {
  return options.includeDevices ? { includeDevices: true } : {};
}

/** `appVersion` and `platform` as every call sends them (decision 037); blank ones are left out. */
function usageReport(options: KeyManagerOptions): Readonly<Record<string, string>> {
  const report: Record<string, string> = {};
  const appVersion = options.appVersion?.trim();
  const platform = options.platform?.trim();
  if (appVersion) {
    if (appVersion.length > 40) throw new TypeError('appVersion must be at most 40 characters');
    report.appVersion = appVersion;
  }
  if (platform) {
    if (platform.length > 50) throw new TypeError('platform must be at most 50 characters');
    report.platform = platform;
  }
  return report;
}
