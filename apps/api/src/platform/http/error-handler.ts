import { isErrorStatus } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { setSecurityHeaders } from './security-headers.js';
import { type ValidationIssue, validationError } from './validation.js';

/**
 * One envelope for every failure: `{status:'failed', code, message, field?}`. Client mistakes map to
 * 4xx with a sentence a person can read, the code of the status (or of the specific refusal an
 * AppError names, decision 031) and `field` naming the input when one is at fault; anything
 * unexpected is logged with the request id and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerFailure);
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a malformed URL, a path parameter over its
 * length) are answered before any route or error handler would see them; this sends them in the
 * same envelope instead of Fastify's `{error, code: 'FST_…'}`.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // No hook ran for these: they get their security headers here (decision 038).
  setSecurityHeaders(request, reply);
  answerFailure(error, request, reply);
}

function answerFailure(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const failure = asAppError(error, request);
  if (failure.statusCode === 429) reply.header('Retry-After', reply.getHeader('Retry-After') ?? '60');
  return sendAppError(reply, failure);
}

/**
 * Any error as the AppError the envelope is built from (an unexpected one logged, answered as a
 * generic 500). Also used by replies that report a failure inside a stream already under way.
 */
export function asAppError(error: FastifyError | AppError, request: FastifyRequest): AppError {
  if (hasZodFastifySchemaValidationErrors(error)) return validationError(error.validation.map(toIssue));
  if (error instanceof AppError) return error;
  if (isForeignKeyRace(error)) return new AppError(409, REMOVED_MEANWHILE_MESSAGE);
  const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    // A 4xx of Fastify or a plugin: every one they answer has a code (a status outside the list
    // would be a new plugin's, and is answered as the plain 400 its code stands for).
    const status = isErrorStatus(statusCode) ? statusCode : 400;
    return new AppError(status, clientMessage(error, statusCode));
  }
  request.log.error({ err: error }, 'unhandled error');
  return new AppError(500, INTERNAL_ERROR_MESSAGE);
}

/** The envelope of a failure: `{status:'failed', code, message, field?}` and its machine fields. */
export function failureBody(error: AppError) {
  return {
    ...error.details,
    status: 'failed' as const,
    code: error.code,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
  };
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side';
export const REMOVED_MEANWHILE_MESSAGE =
  'Something this needs was removed at the same moment (for example a product or policy). Reload and try again.';

/**
 * A write that referenced a row another request deleted between the check and the write (PostgreSQL
 * 23503, foreign key violation; Drizzle keeps the driver's error as `cause`): the caller's race, a
 * 409, not a server fault. Every check before such a write answers the usual 404 first.
 */
function isForeignKeyRace(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 3; depth++) {
    if (typeof cause === 'object' && 'code' in cause && cause.code === '23503') return true;
    cause = typeof cause === 'object' && 'cause' in cause ? cause.cause : undefined;
  }
  return false;
}

declare module 'fastify' {
  interface FastifyReply {
    /** The failure's code once the envelope is sent (the Key Manager's usage figures read it). */
    failureCode?: string;
  }
}

function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  reply.failureCode = error.code;
  return reply.code(error.statusCode).headers(error.headers).send(failureBody(error));
}

/** fastify-type-provider-zod's entry back to the zod issue it came from ("/data/email" → data.email). */
function toIssue(entry: {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}): ValidationIssue {
  return {
    code: entry.keyword,
    path: entry.instancePath.split('/').filter(Boolean),
    message: entry.message,
    keys: entry.params.keys,
  };
}

function clientMessage(error: FastifyError, statusCode: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'Too many files in the request';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A part of the address is too long';
    default:
      return statusCode === 404 ? 'Not found' : error.message || 'Invalid request';
  }
}
