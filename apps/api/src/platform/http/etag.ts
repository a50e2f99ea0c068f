import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional replies for polled calls (decision 025). The tag is built from what the
 * reply depends on — a per-owner change counter, the caller and the request's own parameters — never
 * by hashing the reply, so an unchanged poll costs one indexed read and no serialisation.
 */
export function entityTag(parts: readonly (string | number | boolean | null | undefined)[]): string {
  const digest = createHash('sha256')
    .update(parts.map((part) => String(part ?? '')).join('\u001f'))
    .digest('base64url');
  return `W/"${digest.slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names this tag (weak comparison, lists and `*` allowed). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

/**
 * Sets the reply's ETag and, when the caller already holds it, answers 304 with no body. Returns
 * true when the reply was sent (the handler must then return `reply`).
 */
export function replyNotModified(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  reply.header('etag', tag);
  // Private data: revalidate every time, never from a shared cache.
  reply.header('cache-control', 'private, no-cache');
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return false;
  void reply.code(304).send();
  return true;
}
