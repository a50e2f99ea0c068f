import { CHAT_SESSION_HEADER } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unauthorized } from '../../platform/http/errors.js';
import { parseOrBadRequest } from '../../platform/http/validation.js';

/**
 * Routes that take JSON or multipart cannot let Fastify validate the body, so they validate here
 * with the same contract schema and the same envelope (sentence and field) as the error handler.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return parseOrBadRequest(schema, value ?? {});
}

export const SESSION_EXPIRED = 'Your chat session has expired. Enter your email again.';

/** The visitor's chat session token, if the request carries one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.headers[CHAT_SESSION_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : undefined;
}

export function requireSessionToken(request: FastifyRequest): string {
  const token = sessionToken(request);
  if (!token) throw unauthorized(SESSION_EXPIRED);
  return token;
}

/** Multipart text fields as single strings (a repeated field keeps its last value). */
export function singleFields(fields: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, Array.isArray(value) ? (value.at(-1) ?? '') : value]),
  );
}
