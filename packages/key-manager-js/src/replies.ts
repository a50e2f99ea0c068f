/**
 * Reading a reply before knowing it succeeded: a failure becomes the exception its `code` names (or,
 * from a server older than the codes, its status and message); a success yields its rate limit.
 */

import {
  ActivationLimitReachedException,
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
import { LICENSING_EXCEPTIONS } from './licensing-errors.js';
import {
  ACTIVATION_LIMIT_MESSAGE,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  KEY_DISABLED_MESSAGE,
  NO_PLAN_MESSAGE,
} from './wire-types.js';

/** The `X-RateLimit-*` headers of the reply, when the server sent them. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

/** The parts of a reply the SDK reads before knowing it succeeded. */
export interface Envelope {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  nextTransferAt?: unknown;
}

export function throwForFailure(response: Response, envelope: Envelope, message: string): void {
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
    // A rolled key past its overlap (decision 037): the message says when it stopped.
    case 'api_key_expired':
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
    default: {
      const Licensing = LICENSING_EXCEPTIONS.get(code);
      if (Licensing) return new Licensing(message);
      return status >= 400 && status < 500
        ? new RequestRefusedException(message, status, { code })
        : new KeyManagerException(message, status, { code });
    }
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

export function readRateLimit(headers: Headers): RateLimitInfo | null {
  const limit = headers.get('x-ratelimit-limit');
  if (limit === null) return null;
  return {
    limit: Number(limit),
    remaining: Number(headers.get('x-ratelimit-remaining') ?? 0),
    reset: Number(headers.get('x-ratelimit-reset') ?? 0),
  };
}
