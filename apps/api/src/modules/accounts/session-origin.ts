import type { FastifyRequest } from 'fastify';
import { placeOfRequest } from './device-place.js';
import type { SessionOrigin } from './sessions.js';

/**
 * Where a request came from, as a new session records it (the Sessions page, new-device mails): its
 * address, browser, and the country when a trusted proxy named it (TRUST_PROXY).
 */
export function originOf(request: FastifyRequest, trustProxy: boolean): SessionOrigin {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent : '',
    place: placeOfRequest(request, trustProxy),
  };
}
