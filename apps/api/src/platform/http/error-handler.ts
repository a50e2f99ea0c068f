import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { type ValidationIssue, validationError } from './validation.js';

/**
 * One envelope for every failure. Client mistakes map to 4xx with a sentence a person can read, and
 * `field` naming the input when one is at fault; anything unexpected is logged with the request id
 * and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendAppError(reply, validationError(error.validation.map(toIssue)));
    }
    if (error instanceof AppError) return sendAppError(reply, error);
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = clientMessage(error, statusCode);
      if (statusCode === 429) reply.header('Retry-After', reply.getHeader('Retry-After') ?? '60');
      return reply.code(statusCode).send({ status: 'failed', message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ status: 'failed', message: 'Something went wrong on our side' });
  });
}

function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers(error.headers)
    .send({
      ...error.details,
      status: 'failed',
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
    });
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
    default:
      return statusCode === 404 ? 'Not found' : error.message || 'Invalid request';
  }
}
