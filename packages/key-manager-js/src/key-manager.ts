import {
  ActivationLimitReachedException,
  APIConnectionException,
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
  type CheckoutLicenseRequest,
  type CheckoutLicenseResponse,
  type DeleteKeyResponse,
  type GetKeyInformationRequest,
  type GetKeyInformationResponse,
  KEY_DISABLED_MESSAGE,
  type KeyManipulationResponse,
  type MarkKeyAsActiveRequest,
  NO_PLAN_MESSAGE,
  type PublicKeyInformation,
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
  checkoutLicense: '/api/v1/saas-platform/key-manager/checkout-license',
} as const;

export const DEFAULT_BASE_URL = 'http://localhost:3000';
export const SDK_VERSION = '1.0.0';

export interface KeyManagerOptions {
  /** The server's origin, e.g. `https://example.com`. Default `http://localhost:3000`. */
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
    const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).trim().replace(/\/+$/, '');
    if (!/^https?:\/\//.test(baseUrl)) throw new TypeError('baseUrl must start with http:// or https://');
    const timeoutMs = options.timeoutMs ?? 10_000;
    if (!(timeoutMs > 0)) throw new TypeError('timeoutMs must be positive');
    this.#apiKey = apiKey;
    this.baseUrl = baseUrl;
    this.#timeoutMs = timeoutMs;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** A licence key's id, activation limit and count, and whether it is usable. */
  async getKeyInformation(key: string): Promise<KeyInformationResponse> {
    return this.#information({ key: requireText(key, 'key') });
  }

  /** The same, addressing the key by its id (the dashboard shows it). */
  async getKeyInformationById(id: string): Promise<KeyInformationResponse> {
    return this.#information({ id: requireText(id, 'id') });
  }

  /** Adds one activation; with a `fingerprint` (extension) a device counts once however often it activates. */
  async activate(key: string, fingerprint?: string): Promise<ManipulationResponse> {
    const body: ActivateKeyRequest = { key: requireText(key, 'key') };
    if (fingerprint !== undefined) body.fingerprint = requireText(fingerprint, 'fingerprint');
    return this.#manipulate(PUBLIC_PATHS.activateKey, body);
  }

  /** Removes one activation (or the given device's activation). */
  async deactivate(key: string, fingerprint?: string): Promise<ManipulationResponse> {
    const body: ActivateKeyRequest = { key: requireText(key, 'key') };
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
    return { status: 'ok', keyInformation: pickKeyInformation(reply) ?? emptyGuard(reply), rateLimit };
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
    const envelope = (typeof reply === 'object' && reply !== null ? reply : {}) as {
      status?: unknown;
      message?: unknown;
    };
    const message =
      typeof envelope.message === 'string' ? envelope.message : `Request failed (HTTP ${response.status})`;
    throwForStatus(response, envelope.status, message);
    return { reply: reply as T, rateLimit: readRateLimit(response.headers) };
  }
}

function throwForStatus(response: Response, status: unknown, message: string): void {
  const code = response.status;
  if (code >= 200 && code < 300) {
    if (status === 'ok') return;
    throw new RequestRefusedException(message, code);
  }
  if (code === 401) throw new InvalidApiKeyException(message);
  if (code === 404) throw new KeyNotFoundException(message);
  if (code === 429) throw new RateLimitException(message, Number(response.headers.get('retry-after')) || 0);
  if (code === 402) throw new PaymentRequiredException(message);
  // 403 and 409 each answer several refusals; the server's message (part of the public contract)
  // tells them apart. Others (a publishable key used for a secret key's operation) stay generic.
  if (code === 403 && message === NO_PLAN_MESSAGE) throw new NoPlanException(message);
  if (code === 409 && message === ACTIVATION_LIMIT_MESSAGE)
    throw new ActivationLimitReachedException(message);
  if (code === 409 && message === KEY_DISABLED_MESSAGE) throw new KeyDisabledException(message);
  if (code >= 400 && code < 500) throw new RequestRefusedException(message, code);
  throw new KeyManagerException(message, code);
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

function requireText(value: string, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${name} must not be empty`);
  return value;
}
