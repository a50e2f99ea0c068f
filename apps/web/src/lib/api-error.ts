/**
 * A failed API call: HTTP status plus the server's `message` (docs/product-contract.md §Messages shows
 * it to the user), its machine-readable `code` (one of the contract's `ERROR_CODES`, decision 031;
 * absent when the reply was not the server's envelope) and, when the server names one, the input it is
 * about (`field`, e.g. "data.email"; see docs/api.md).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly code: string | undefined;

  constructor(status: number, message: string, field?: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.code = code;
  }
}

/** The text to show for any thrown value; network failures get a readable sentence. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
