/**
 * The SDK's errors mirror the Java library's exceptions (same names), so both clients are
 * documented once: every failed call rejects with a `KeyManagerException` subclass, chosen by the
 * reply's `code` (or, from a server older than the codes, by its status and message).
 */
export class KeyManagerException extends Error {
  /** HTTP status of the server's reply; 0 when no reply was received. */
  readonly statusCode: number;
  /**
   * The server's error code (one of `ERROR_CODES`, e.g. `key_disabled`); null when no reply was
   * received or the reply had none (a server older than the codes).
   */
  readonly code: string | null;

  constructor(message: string, statusCode: number, options?: { cause?: unknown; code?: string | null }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.code = options?.code ?? null;
  }
}

/** The server could not be reached (refused, timed out, aborted, DNS failure). */
export class APIConnectionException extends KeyManagerException {
  constructor(message: string, cause: unknown) {
    super(message, 0, { cause });
  }
}

/** 401: the API key is missing, wrong or revoked. */
export class InvalidApiKeyException extends KeyManagerException {
  constructor(message: string, code: string | null = null) {
    super(message, 401, { code });
  }
}

/** 404: unknown, deleted or another account's licence key (`Invalid Key Provided`). */
export class KeyNotFoundException extends KeyManagerException {
  constructor(message: string, code: string | null = null) {
    super(message, 404, { code });
  }
}

/** 429: the plan's calls per minute are used up; retry after `retryAfterSeconds`. */
export class RateLimitException extends KeyManagerException {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, code: string | null = null) {
    super(message, 429, { code });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Any other 4xx: the call was understood and refused (bad input, deactivating at zero…). The
 * refusals below extend it, so `instanceof RequestRefusedException` still catches them all.
 */
export class RequestRefusedException extends KeyManagerException {}

/**
 * 409 `Activation limit reached`: every activation of the key is in use. When the key allows
 * self-serve transfers but none is possible yet, the message goes on to say when, and
 * `nextTransferAt` holds that moment.
 */
export class ActivationLimitReachedException extends RequestRefusedException {
  readonly nextTransferAt: Date | null;

  constructor(message: string, nextTransferAt: Date | null = null, code: string | null = null) {
    super(message, 409, { code });
    this.nextTransferAt = nextTransferAt;
  }
}

/**
 * 409 `This device is not activated for the key`: the device's slot is gone (deactivated, released
 * from the dashboard, or its lease lapsed without a heartbeat). Activate again to take a slot.
 */
export class DeviceNotActivatedException extends RequestRefusedException {
  constructor(message: string, code: string | null = null) {
    super(message, 409, { code });
  }
}

/** 409 `Key is disabled`: the key's owner disabled it; it can be neither activated nor deactivated. */
export class KeyDisabledException extends RequestRefusedException {
  constructor(message: string, code: string | null = null) {
    super(message, 409, { code });
  }
}

/** 402: the API key's owner has an unpaid (suspended) subscription. */
export class PaymentRequiredException extends RequestRefusedException {
  constructor(message: string, code: string | null = null) {
    super(message, 402, { code });
  }
}

/** 403 `Activate a Key Manager plan first`: the API key's owner has no Key Manager plan. */
export class NoPlanException extends RequestRefusedException {
  constructor(message: string, code: string | null = null) {
    super(message, 403, { code });
  }
}
