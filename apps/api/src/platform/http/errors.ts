/**
 * The one error type routes throw. The error handler turns it into the envelope
 * `{status:'failed', message, field?}` with `statusCode`. `message` is a sentence a client can show
 * as it is; `field` names the input it is about for developers ("data.email", "proposal").
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
    /** Machine-readable facts added to the envelope beside `message` (e.g. `nextTransferAt`). */
    readonly details?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The same failure, about `field` (kept if it already names one). */
  about(field: string): AppError {
    return this.field ? this : new AppError(this.statusCode, this.message, this.headers, field, this.details);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, {}, field);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, {}, field);
export const payloadTooLarge = (message: string, field?: string) => new AppError(413, message, {}, field);
export const unsupportedMediaType = (message: string, field?: string) =>
  new AppError(415, message, {}, field);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts, try again later') =>
  new AppError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
