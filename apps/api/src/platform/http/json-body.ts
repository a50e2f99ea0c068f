import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Largest JSON request body. The biggest legitimate one (a 5,000-character chat message, 200
 * listing ids) is well under 64 kB; uploads are multipart and have their own limits.
 */
export const JSON_BODY_LIMIT = 256 * 1024;

/** Deepest nesting of arrays and objects a JSON body may have; the contract's deepest is 4. */
export const JSON_MAX_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply';

/**
 * True if the JSON text opens more than `maxDepth` arrays or objects inside each other. One pass
 * over the characters, skipping strings, before anything is built: a megabyte of `[[[[…` is refused
 * after 33 characters instead of costing a full parse and a deep validation.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype-poisoning checks included)
 * behind a size limit and the nesting check above, for every route that does not bring its own.
 */
export function registerJsonBodyParser(
  app: FastifyInstance,
  options: { bodyLimit?: number; maxDepth?: number } = {},
): void {
  const maxDepth = options.maxDepth ?? JSON_MAX_DEPTH;
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: options.bodyLimit ?? JSON_BODY_LIMIT },
    (request, body, done) => {
      const text = body as string; // parseAs: 'string'
      if (exceedsJsonDepth(text, maxDepth)) return done(badRequest(TOO_DEEP_MESSAGE), undefined);
      parse(request, text, done);
    },
  );
}
