import type { FastifyRequest } from 'fastify';
import { currentAccount, currentUser } from '../../platform/auth/guard.js';
import type { CallContext } from './call-context.js';

/**
 * A dashboard call's context: the account whose keys it acts on, where it came from, and the member
 * who acted (named in the key's history, decision 033).
 */
export function dashboardContext(request: FastifyRequest): CallContext {
  const person = currentUser(request);
  return {
    ownerId: currentAccount(request).id,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    actorName: `${person.firstName} ${person.lastName}`.trim(),
    actorId: person.id,
  };
}
