import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tableVersions } from '../../db/table-stats.js';
import { entityTag, replyNotModified } from './etag.js';

/** A conditional poll that found nothing new: 304, no body (the route schema's 304 entry). */
export const zNotModified = z.null().describe('Not modified: the If-None-Match tag is current');

/**
 * A polled list's conditional reply (decision 026): the tag is the change versions of the
 * tables the list reads (kept by triggers in table_stats) plus the list's name and the request's own
 * query (and body, for the lists asked for by POST), so an unchanged poll costs one primary-key read
 * and answers 304 with no body. Returns true when that 304 was sent (the handler then returns
 * `reply`). A list that looks the same to every caller allowed to call it (admin lists) names only
 * itself; a per-user list adds the user to `list` (decision 030).
 */
export async function listNotModified(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  list: string,
  tables: readonly string[],
): Promise<boolean> {
  const versions = await tableVersions(db, tables);
  const asked = JSON.stringify([request.query ?? {}, request.body ?? null]);
  return replyNotModified(request, reply, entityTag([list, versions, asked]));
}
