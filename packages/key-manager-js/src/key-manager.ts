import {
  ActivationLimitReachedException,
  APIConnectionException,
  DeviceNotActivatedException,
  InvalidApiKeyException,
  KeyDisabledException,
  KeyManagerException,
  KeyNotFoundException,
  NoPlanException,
  PaymentRequiredException,
  RateLimitException,
  RequestRefusedException,
} from './errors.js';
import type { LicensePayload } from './offline-licence.js';
import {
  ACTIVATION_LIMIT_MESSAGE,
  type ActivateKeyRequest,
  type ActivateKeyResponse,
  type CheckoutLicenseRequest,
  type CheckoutLicenseResponse,
  type DeactivateKeyRequest,
  type DeleteKeyResponse,
  type Device,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  type GetKeyInformationRequest,
  type GetKeyInformationResponse,
  type HeartbeatRequest,
  type HeartbeatResponse,
  KEY_DISABLED_MESSAGE,
  type KeyManipulationResponse,
  type MarkKeyAsActiveRequest,
  NO_PLAN_MESSAGE,
  type PublicKeyInformation,
  type TransferInformation,
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
}

/** The `X-RateLimit-*` headers of the reply, when the server sent them. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

export interface KeyInformationResponse {
  status: 'ok';
  keyInformation: PublicKeyInformation;
  /** The key's devices, only when asked for with `includeDevices`. */
  devices?: Device[];
  rateLimit: RateLimitInfo | null;
}

export interface KeyInformationOptions {
  /** Also list the key's devices (up to 100, most recently seen first). */
  includeDevices?: boolean;
}

/** Optional details of the device, shown in the seller's dashboard. */
export interface DeviceDetails {
  deviceName?: string;
  platform?: string;
}

export interface ActivationResponse extends ManipulationResponse {
  /** Only when the key's least recently used idle device was released to make room (self-serve transfer). */
  transfer?: TransferInformation;
}

export interface HeartbeatResult {
  status: 'ok';
  message: string;
  keyInformation: PublicKeyInformation;
  /** The key's lease in seconds; 0 = permanent (no heartbeat needed). */
  leaseSeconds: number;
  /** When this device's slot is released without another heartbeat; null when permanent. */
  leaseExpiresAt: Date | null;
  rateLimit: RateLimitInfo | null;
}

export interface ManipulationResponse {
  status: 'ok';
  message: string;
  /** The key's state after the change; null for delete. */
  keyInformation: PublicKeyInformation | null;
  rateLimit: RateLimitInfo | null;
}

export interface LicenseCheckoutResponse {
  status: 'ok';
  /** Store it as it is (a string); check it offline with `verifyLicense`. */
  certificate: string;
  /** Its payload, decoded for convenience: trust only what `verifyLicense` returns. */
  license: LicensePayload;
  rateLimit: RateLimitInfo | null;
}

/**
 * Client of the Key Manager public REST interface, authorised by a manager API key. Every method
 * resolves on success and rejects with a `KeyManagerException` subclass otherwise.
 */
export class KeyManager {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(apiKey: string, options: KeyManagerOptions = {}) {
    if (typeof apiKey !== 'string' || apiKey.trim() === '') throw new TypeError('apiKey must not be empty');
    const baseUrl = (options.baseUrl ?? defaultBaseUrl()).trim().replace(/\/+$/, '');
    if (!/^https?:\/\//.test(baseUrl)) throw new TypeError('baseUrl must start with http:// or https://');
    const timeoutMs = options.timeoutMs ?? 10_000;
    if (!(timeoutMs > 0)) throw new TypeError('timeoutMs must be positive');
    this.#apiKey = apiKey;
    this.baseUrl = baseUrl;
    this.#timeoutMs = timeoutMs;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** A licence key's id, activation limit and count, and whether it is usable. */
  async getKeyInformation(key: string, options: KeyInformationOptions = {}): Promise<KeyInformationResponse> {
    return this.#information({ key: requireText(key, 'key'), ...devicesOption(options) });
  }

  /** The same, addressing the key by its id (the dashboard shows it). */
  async getKeyInformationById(
    id: string,
    options: KeyInformationOptions = {},
  ): Promise<KeyInformationResponse> {
    return this.#information({ id: requireText(id, 'id'), ...devicesOption(options) });
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
    const { reply, rateLimit } = await this.#call<ActivateKeyResponse>(PUBLIC_PATHS.activateKey, body);
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
    const { reply, rateLimit } = await this.#call<HeartbeatResponse>(PUBLIC_PATHS.heartbeat, body);
    return {
      status: 'ok',
      message: reply.message,
      keyInformation: pickKeyInformation(reply) ?? emptyGuard(reply),
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
    const { reply, rateLimit } = await this.#call<CheckoutLicenseResponse>(
      PUBLIC_PATHS.checkoutLicense,
      body,
    );
    return { status: 'ok', certificate: reply.certificate, license: reply.license, rateLimit };
  }

  async #information(body: GetKeyInformationRequest): Promise<KeyInformationResponse> {
    const { reply, rateLimit } = await this.#call<GetKeyInformationResponse>(
      PUBLIC_PATHS.getKeyInformation,
      body,
    );
    return {
      status: 'ok',
      keyInformation: pickKeyInformation(reply) ?? emptyGuard(reply),
      ...(Array.isArray(reply.devices) ? { devices: reply.devices } : {}),
      rateLimit,
    };
  }

  async #manipulate(path: string, body: object): Promise<ManipulationResponse> {
    const { reply, rateLimit } = await this.#call<KeyManipulationResponse | DeleteKeyResponse>(path, body);
    return { status: 'ok', message: reply.message, keyInformation: pickKeyInformation(reply), rateLimit };
  }

  async #call<T extends { status: 'ok' }>(path: string, body: object) {
    let response: Response;
    try {
      response = await this.#fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.#apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new APIConnectionException(
        `Could not reach the Key Manager at ${this.baseUrl}: ${String(error)}`,
        error,
      );
    }
    let reply: unknown;
    try {
      reply = await response.json();
    } catch (error) {
      throw new KeyManagerException(
        `Unexpected reply from the Key Manager (HTTP ${response.status})`,
        response.status,
        {
          cause: error,
        },
      );
    }
    const envelope = (typeof reply === 'object' && reply !== null ? reply : {}) as Envelope;
    const message =
      typeof envelope.message === 'string' ? envelope.message : `Request failed (HTTP ${response.status})`;
    throwForFailure(response, envelope, message);
    return { reply: reply as T, rateLimit: readRateLimit(response.headers) };
  }
}

/** The parts of a reply the SDK reads before knowing it succeeded. */
interface Envelope {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  nextTransferAt?: unknown;
}

function throwForFailure(response: Response, envelope: Envelope, message: string): void {
  const status = response.status;
  if (status >= 200 && status < 300) {
    if (envelope.status === 'ok') return;
    throw new RequestRefusedException(message, status);
  }
  const retryAfter = Number(response.headers.get('retry-after')) || 0;
  const next = typeof envelope.nextTransferAt === 'string' ? new Date(envelope.nextTransferAt) : null;
  if (typeof envelope.code === 'string')
    throw exceptionForCode(envelope.code, status, message, retryAfter, next);
  throw exceptionForStatus(status, message, retryAfter, next);
}

/** The exception of a reply that names its refusal (docs/api.md, "Error codes"). */
function exceptionForCode(
  code: string,
  status: number,
  message: string,
  retryAfter: number,
  next: Date | null,
): KeyManagerException {
  switch (code) {
    case 'api_key_required':
    case 'invalid_api_key':
      return new InvalidApiKeyException(message, code);
    case 'key_not_found':
      return new KeyNotFoundException(message, code);
    case 'rate_limited':
      return new RateLimitException(message, retryAfter, code);
    case 'payment_required':
      return new PaymentRequiredException(message, code);
    case 'no_plan':
      return new NoPlanException(message, code);
    case 'activation_limit_reached':
      return new ActivationLimitReachedException(message, next, code);
    case 'key_disabled':
      return new KeyDisabledException(message, code);
    case 'device_not_activated':
      return new DeviceNotActivatedException(message, code);
    default:
      return status >= 400 && status < 500
        ? new RequestRefusedException(message, status, { code })
        : new KeyManagerException(message, status, { code });
  }
}

/** A reply without `code` (a server older than the codes): its status, then its message. */
function exceptionForStatus(
  status: number,
  message: string,
  retryAfter: number,
  next: Date | null,
): KeyManagerException {
  if (status === 401) return new InvalidApiKeyException(message);
  if (status === 404) return new KeyNotFoundException(message);
  if (status === 429) return new RateLimitException(message, retryAfter);
  if (status === 402) return new PaymentRequiredException(message);
  // 403 and 409 each answer several refusals; the message (part of the public contract) tells them
  // apart. Others (a publishable key used for a secret key's operation) stay generic.
  if (status === 403 && message === NO_PLAN_MESSAGE) return new NoPlanException(message);
  // The limit refusal may go on to say when a transfer will be possible (`nextTransferAt`).
  if (status === 409 && message.startsWith(ACTIVATION_LIMIT_MESSAGE))
    return new ActivationLimitReachedException(message, next);
  if (status === 409 && message === KEY_DISABLED_MESSAGE) return new KeyDisabledException(message);
  if (status === 409 && message === FINGERPRINT_NOT_ACTIVATED_MESSAGE)
    return new DeviceNotActivatedException(message);
  if (status >= 400 && status < 500) return new RequestRefusedException(message, status);
  return new KeyManagerException(message, status);
}

function readRateLimit(headers: Headers): RateLimitInfo | null {
  const limit = headers.get('x-ratelimit-limit');
  if (limit === null) return null;
  return {
    limit: Number(limit),
    remaining: Number(headers.get('x-ratelimit-remaining') ?? 0),
    reset: Number(headers.get('x-ratelimit-reset') ?? 0),
  };
}

function pickKeyInformation(reply: object): PublicKeyInformation | null {
  const r = reply as Partial<PublicKeyInformation>;
  if (typeof r.id !== 'string' || typeof r.maxActivations !== 'number') return null;
  return {
    id: r.id,
    key: String(r.key ?? ''),
    maxActivations: r.maxActivations,
    currentActivations: Number(r.currentActivations ?? 0),
    isActive: r.isActive === true,
  };
}

function emptyGuard(reply: unknown): never {
  throw new KeyManagerException(`Unexpected reply from the Key Manager: ${JSON.stringify(reply)}`, 200);
}

function devicesOption(options: KeyInformationOptions): Pick<GetKeyInformationRequest, 'includeDevices'> {
  return options.includeDevices ? { includeDevices: true } : {};
}

function requireText(value: string, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${name} must not be empty`);
  return value;
}
