import { disallowedCharactersMessage, fieldLabel, hasDisallowedCharacters } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { AppError } from './errors.js';
import { validationError } from './validation.js';

export type FieldPath = Array<string | number>;

/**
 * The path of the first text — value or object key — holding a character no field accepts
 * (`hasDisallowedCharacters`: NUL, other control characters, broken surrogates), or null.
 * Depth is bounded by the JSON body parser's nesting limit; binary bodies are not text.
 */
export function findDisallowedText(value: unknown): FieldPath | null {
  const path: FieldPath = [];
  return visit(value, path) ? path.reverse() : null;
}

// Builds the path only on the way out of a failure, so clean input costs no allocation.
function visit(value: unknown, reversedPath: FieldPath): boolean {
  if (typeof value === 'string') return hasDisallowedCharacters(value);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (visit(value[index], reversedPath)) {
        reversedPath.push(index);
        return true;
      }
    }
    return false;
  }
  for (const key of Object.keys(value)) {
    if (hasDisallowedCharacters(key)) {
      reversedPath.push(key.replace(/[^\x20-\x7e]/g, '?'));
      return true;
    }
    if (visit((value as Record<string, unknown>)[key], reversedPath)) {
      reversedPath.push(key);
      return true;
    }
  }
  return false;
}

/** A 400 naming the field, worded and shaped like every other validation failure. */
export function disallowedTextError(path: FieldPath): AppError {
  return validationError([{ code: 'custom', path, message: disallowedCharactersMessage(fieldLabel(path)) }]);
}

/**
 * One check for every route, before its schema runs (and whether or not it has one): path
 * parameters, query string and parsed body may not carry control characters. Multipart text
 * fields get the same check in `readMultipart`, WebSocket frames in the chat hub.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const path =
      findDisallowedText(request.params) ??
      findDisallowedText(request.query) ??
      findDisallowedText(request.body);
    done(path ? disallowedTextError(path) : undefined);
  });
}
