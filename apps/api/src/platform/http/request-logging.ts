import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Set by the web app on requests its queries (and their polling) make: apps/web/src/lib/api-client.ts. */
export const READ_HEADER = 'x-request-kind';

/**
 * A read: GET or HEAD, or a request the web app marks as one (the spec's API reads with POST).
 * The web polls many of them every few seconds, so they are logged at debug (docs/operations.md, Logs).
 */
export function isRead(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || request.headers[READ_HEADER] === 'read';
}

/**
 * Fastify's request lines ('incoming request', 'request completed') at info, except for reads:
 * those go to debug, and their completion only comes back to info when it failed (4xx or 5xx), so
 * the info log shows what changed and what went wrong, not every poll. Errors stay at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (isRead(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || !isRead(request) || reply.statusCode >= 400) {
      super.requestCompleted(error, request, reply, metadata);
    } else {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
