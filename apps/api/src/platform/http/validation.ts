import { issueField } from '@app/contract';
import type { z } from 'zod';
import { type AppError, badRequest } from './errors.js';

/** The parts of a zod issue the envelope needs; Fastify's validation entries map onto it too. */
export interface ValidationIssue {
  code?: string;
  path?: readonly PropertyKey[];
  message?: string;
  keys?: unknown;
}

/**
 * One failed validation as a 400: the first issue's sentence (the schema's own message, or the
 * contract's generated one) and, for developers, the field it is about.
 */
export function validationError(issues: readonly ValidationIssue[]): AppError {
  const first = issues[0];
  if (!first) return badRequest('The request is not valid');
  return badRequest(first.message || 'The request is not valid', issueField(first));
}

/** Validates a body read outside Fastify's schema step (multipart forms), with the same envelope. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}
