/**
 * The HTTP side of `KeyManager`: one POST of a JSON body with the bearer API key, the reply turned
 * into its JSON or into the exception its code names (`replies.ts`). A signed call adds a fresh nonce
 * and accepts a successful reply only with the owner's signature over it (`signed-replies.ts`).
 */

import type { ClockGuard } from './clock-guard.js';
import { APIConnectionException, KeyManagerException } from './errors.js';
import { SIGNED_REPLY_HEADERS } from './licensing-wire-types.js';
import { type ImportedPublicKey, importPublicKeys } from './public-keys.js';
import { type Envelope, type RateLimitInfo, readRateLimit, throwForFailure } from './replies.js';
import { newNonce, type SignedReplyInfo, verifySignedReply } from './signed-replies.js';

export interface TransportSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch: typeof fetch;
  /** Checked as text by the caller; read as keys at the first signed call. */
  licensePublicKeys: readonly string[];
  replyToleranceSeconds: number;
  clockGuard: ClockGuard;
  now: () => number;
  /** Fields every call's body carries (`appVersion`, `platform`); the call's own fields win. */
  report: Readonly<Record<string, string>>;
}

export interface TransportReply<T> {
  reply: T;
  rateLimit: RateLimitInfo | null;
  /** Only for a signed call. */
  signature: SignedReplyInfo | null;
}

export class Transport {
  readonly #settings: TransportSettings;
  #importedKeys: Promise<ImportedPublicKey[]> | undefined;

  constructor(settings: TransportSettings) {
    this.#settings = settings;
  }

  /** Whether signed calls are possible (public keys were given). */
  get canVerify(): boolean {
    return this.#settings.licensePublicKeys.length > 0;
  }

  /**
   * One POST. With `signed`, the request carries a fresh nonce and a successful reply is accepted only
   * with the owner's signature over it (`verifySignedReply`); refusals are thrown as they come.
   */
  async post<T extends { status: 'ok' }>(
    path: string,
    body: object,
    signed = false,
  ): Promise<TransportReply<T>> {
    const settings = this.#settings;
    const nonce = signed ? newNonce() : null;
    // Read (and check) the keys before the request, so a mistyped key fails without a call.
    const publicKeys = signed ? await this.#publicKeys() : [];
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await settings.fetch(`${settings.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...(nonce ? { [SIGNED_REPLY_HEADERS.nonce]: nonce } : {}),
        },
        body: JSON.stringify({ ...settings.report, ...body }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      // The exact bytes: a signature covers them, not a re-serialised copy.
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw new APIConnectionException(
        `Could not reach the Key Manager at ${settings.baseUrl}: ${String(error)}`,
        error,
      );
    }
    let reply: unknown;
    try {
      reply = JSON.parse(new TextDecoder().decode(bytes));
    } catch (error) {
      throw new KeyManagerException(
        `Unexpected reply from the Key Manager (HTTP ${response.status})`,
        response.status,
        { cause: error },
      );
    }
    const envelope = (typeof reply === 'object' && reply !== null ? reply : {}) as Envelope;
    const message =
      typeof envelope.message === 'string' ? envelope.message : `Request failed (HTTP ${response.status})`;
    throwForFailure(response, envelope, message);
    const signature = nonce
      ? await verifySignedReply({
          publicKeys,
          nonce,
          path,
          status: response.status,
          headers: response.headers,
          body: bytes,
          nowMs: settings.now(),
          toleranceSeconds: settings.replyToleranceSeconds,
          clockGuard: settings.clockGuard,
        })
      : null;
    return { reply: reply as T, rateLimit: readRateLimit(response.headers), signature };
  }

  #publicKeys(): Promise<ImportedPublicKey[]> {
    if (!this.#importedKeys) {
      this.#importedKeys = importPublicKeys(this.#settings.licensePublicKeys);
      // A bad key fails this call and the next ones alike, never as an unhandled rejection.
      this.#importedKeys.catch(() => {});
    }
    return this.#importedKeys;
  }
}
