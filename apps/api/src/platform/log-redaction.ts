import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines go: stdout by default, a capture in tests. */
export interface LogStream {
  write(line: string): void;
}

/**
 * What the server log may never hold: passwords, password and answer hashes, tokens, API keys.
 * Three layers, all configuration of the one logger (`loggerOptions`):
 * - `redact` censors the headers and body fields that carry them, wherever something logs them;
 * - the `err` serializer keeps an error's type, message, code and stack, never the values a
 *   failed query was run with (drizzle puts them in `params` *and* in the message; PostgreSQL puts
 *   the whole failing row, hashes included, in `detail`);
 * - the `req` serializer blanks secret query parameters (`?token=` in e-mailed links).
 */

/** Field names that carry secrets, wherever they appear in a logged object or a body. */
const SECRET_FIELDS = [
  'password',
  'passwordHash',
  'password1',
  'password2',
  'confirmationPassword',
  'currentPassword',
  'newPassword',
  'answer',
  'securityQuestionAnswer',
  'securityAnswerHash',
  'token',
  'access',
  'refresh',
  'refreshToken',
  'accessToken',
  'apiKey',
  'key',
  'secret',
];

const SECRET_HEADERS = ['authorization', 'cookie', 'x-chat-session', 'x-api-key', 'stripe-signature'];

// Exact paths only: pino's wildcard paths cost ~10× per log line (measured), and every request logs.
export const REDACTED_PATHS = [
  ...SECRET_HEADERS.map((header) => `req.headers["${header}"]`),
  ...['', 'body.', 'body.data.'].flatMap((prefix) => SECRET_FIELDS.map((field) => `${prefix}${field}`)),
];

const SECRET_QUERY = /([?&](?:token|key|api_?key|access|refresh|password|secret|code|session)=)[^&#]*/gi;

/** The request line as Fastify logs it, with the values of secret query parameters blanked. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

/** Properties of an error (and of database errors) that describe it without quoting input. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
  'errno',
  'syscall',
];

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/**
 * An error as it may be logged: type, message, safe fields, stack frames and cause (three deep).
 * A failed drizzle query is logged as its SQL text alone: its parameters are what the caller sent
 * (a password hash on sign-up) and its message repeats them.
 */
export function serializeErrorSafely(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error value thrown', stack: '' };
  const record = error as unknown as Record<string, unknown>;
  const type = error.constructor?.name || error.name || 'Error';
  const isQueryError = typeof record.query === 'string' && 'params' in record;
  const message = isQueryError ? `Failed query: ${record.query as string}` : error.message;
  // The stack's first line repeats the message; keep only the frames after it.
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const serialized: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeErrorSafely(error.cause, depth + 1);
  return serialized;
}

/** Fastify's own request fields, with `redactUrl` applied. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger configuration; `stream` lets tests read what would be written. */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeErrorSafely, req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
