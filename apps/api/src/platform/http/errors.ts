import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorStatus,
  type FailedResponse,
  GENERIC_ERROR_CODES,
  type KeyManagerRefusal,
} from '@app/contract';

/**
 * The one error type routes throw. The error handler turns it into the envelope
 * `{status:'failed', code, message, field?}` with `statusCode`. `code` is one of the contract's
 * `ERROR_CODES` (decision 031) and always the one whose status is `statusCode`: the generic code of
 * the status unless a specific refusal names itself (`refusal`). `message` is a sentence a client
 * can show as it is; `field` names the input it is about for developers ("data.email", "proposal").
 */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
    /** Machine-readable facts added to the envelope beside `message` (e.g. `nextTransferAt`). */
    readonly details?: Readonly<Record<string, string>>,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code && ERROR_CODES[code] === statusCode ? code : GENERIC_ERROR_CODES[statusCode];
  }

  /** The same failure, about `field` (kept if it already names one). */
  about(field: string): AppError {
    return this.field
      ? this
      : new AppError(this.statusCode, this.message, this.headers, field, this.details, this.code);
  }
}

/** A refusal with its own code from the contract's list; the status is the code's. */
export const codedError = (code: ErrorCode, message: string, field?: string) =>
  new AppError(ERROR_CODES[code], message, {}, field, undefined, code);
export const badRequest = (message: string, field?: string) => new AppError(400, message, {}, field);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, {}, field);
export const payloadTooLarge = (message: string, field?: string) => new AppError(413, message, {}, field);
export const unsupportedMediaType = (message: string, field?: string) =>
  new AppError(415, message, {}, field);
export const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts, try again later') =>
  new AppError(429, message, retryAfter(retryAfterSeconds));

/**
 * A Key Manager public REST refusal (`KEY_MANAGER_ERRORS`) with its own code, status and message,
 * so SDKs tell it apart by `code`. `message` replaces the entry's only to say more after it (the
 * activation limit's "…; a transfer is possible from …").
 */
export function refusal(
  entry: KeyManagerRefusal,
  options: {
    message?: string;
    field?: string;
    headers?: Record<string, string>;
    details?: Readonly<Record<string, string>>;
  } = {},
): AppError {
  return new AppError(
    entry.httpStatus,
    options.message ?? entry.message,
    options.headers ?? {},
    options.field,
    options.details,
    entry.code,
  );
}

/**
 * The envelope itself, for the few replies sent without throwing (the unknown-route 404, the chat
 * socket's refusals, which come in floods and need no stack trace). Its status is `ERROR_CODES[code]`.
 */
export const failedBody = (code: ErrorCode, message: string): FailedResponse => ({
  status: 'failed',
  code,
  message,
});
