import type { FastifyRequest } from 'fastify';
import type { SessionOrigin } from './sessions.js';

/** Where a request came from, as a new session records it (the Sessions page, new-device mails). */
export function originOf(request: FastifyRequest): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}
