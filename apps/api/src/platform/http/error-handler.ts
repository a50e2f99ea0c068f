import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

interface Issue {
  instancePath?: string;
  message?: string;
}

/** "data.email: Enter a valid email address" — the first issue is the most useful to a person. */
function describeValidation(issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'is invalid';
  return field ? `${field}: ${message}` : message;
}

/**
 * One envelope for every failure. Client mistakes map to 4xx with a readable message; anything
 * unexpected is logged with the request id and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ status: 'failed', message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ instancePath: v.instancePath, message: v.message }));
      return reply.code(400).send({ status: 'failed', message: describeValidation(issues) });
    }
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
