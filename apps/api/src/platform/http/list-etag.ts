import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tableVersions } from '../../db/table-stats.js';
import { entityTag, replyNotModified } from './etag.js';

/** A conditional poll that found nothing new: 304, no body (the route schema's 304 entry). */
export const zNotModified = z.null().describe('Not modified: the If-None-Match tag is current');

/**
 * A polled list's conditional reply (issue 17, decision 026): the tag is the change versions of the
 * tables the list reads (kept by triggers in table_stats) plus the list's name and the request's own
 * query, so an unchanged poll costs one primary-key read and answers 304 with no body. Returns true
 * when that 304 was sent (the handler then returns `reply`). Only for lists that look the same to
 * every caller allowed to call them (admin lists); a per-user list adds the user to `list`. A list
 * read by POST (the spec's customer-service chat/get) passes its parsed body as `params`.
 */
export async function listNotModified(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  list: string,
  tables: readonly string[],
  params: unknown = request.query,
): Promise<boolean> {
  const versions = await tableVersions(db, tables);
  return replyNotModified(request, reply, entityTag([list, versions, JSON.stringify(params ?? {})]));
}
