import {
  KEY_MANAGER_ERRORS,
  type KeyManagerPublicOperation,
  PUBLISHABLE_KEY_OPERATIONS,
  RATE_LIMIT_HEADERS,
  SIMULATION_HEADER,
} from '@app/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { refusal, retryAfter } from '../../platform/http/errors.js';
import type { ApiKeyCaller, ApiKeyService } from './api-key-service.js';
import { runningAt } from './api-key-simulation.js';
import { UsageMark } from './usage/usage-mark.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the Key Manager API-key guard on public REST routes. */
    keyManagerCaller?: ApiKeyCaller;
  }
}

/** Builds the API-key guard of one public REST operation. */
export type ApiKeyGuardFor = (operation: KeyManagerPublicOperation) => onRequestAsyncHookHandler;

/**
 * `requireApiKey` for the public REST interface. It runs on `onRequest`, before the body is parsed
 * and validated, so a caller without a valid key learns that first (401), and so rate limiting
 * applies to every call. No database write happens here: usage is counted in memory. The key type's
 * scope is one boolean per route, decided when the route is built, compared with the cached caller.
 */
export function createApiKeyGuard(apiKeys: ApiKeyService, clock: Clock, analytics = false): ApiKeyGuardFor {
  return (operation) => {
    const publishableMayCall = PUBLISHABLE_KEY_OPERATIONS.includes(operation);
    const counted = analytics ? operation : null;
    return (request, reply) => guard(apiKeys, clock, publishableMayCall, counted, request, reply);
  };
}

async function guard(
  apiKeys: ApiKeyService,
  clock: Clock,
  publishableMayCall: boolean,
  /** The operation when analytics are on (decision 037): from here on the call is counted, refused or not. */
  counted: KeyManagerPublicOperation | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S{1,256})$/i.exec(header) : null;
  if (!match?.[1]) throw refusal(KEY_MANAGER_ERRORS.apiKeyRequired);
  const caller = await apiKeys.verify(match[1]);
  if (!caller) throw refusal(KEY_MANAGER_ERRORS.invalidApiKey);
  if (counted)
    request.keyUsage = new UsageMark(caller.ownerId, caller.apiKeyId, caller.productId ?? null, counted);
  // Compared with the clock on every call (not cached as a flag), so suspension and a simulated
  // failure start and end on time. A simulation answers exactly as the real state would.
  const now = clock.now();
  // A rolled key stops at its stop time exactly, also when its caller comes from memory (decision 037).
  if (caller.expiresAt && now >= caller.expiresAt) {
    throw refusal(KEY_MANAGER_ERRORS.apiKeyExpired, { message: apiKeyExpiredMessage(caller.expiresAt) });
  }
  const simulation = runningAt(caller.simulation, now);
  if (simulation) reply.header(SIMULATION_HEADER, simulation.state);
  if (caller.callsPerMinute === null || simulation?.state === 'no-plan')
    throw refusal(KEY_MANAGER_ERRORS.noPlan);
  if (simulation?.state === 'payment-required' || (caller.accessEndsAt && now >= caller.accessEndsAt)) {
    throw refusal(KEY_MANAGER_ERRORS.paymentRequired);
  }
  const callsPerMinute =
    simulation?.state === 'rate-limit' && simulation.callsPerMinute !== null
      ? simulation.callsPerMinute
      : caller.callsPerMinute;
  const state = await apiKeys.limiterFor(callsPerMinute).take(caller.apiKeyId);
  const resetSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  reply.header(RATE_LIMIT_HEADERS.limit, String(state.limit));
  reply.header(RATE_LIMIT_HEADERS.remaining, String(state.remaining));
  reply.header(RATE_LIMIT_HEADERS.reset, String(resetSeconds));
  if (!state.allowed) throw refusal(KEY_MANAGER_ERRORS.rateLimited, { headers: retryAfter(resetSeconds) });
  // After the rate limit, so refused calls count against it like any other.
  if (caller.type === 'publishable' && !publishableMayCall) {
    throw refusal(KEY_MANAGER_ERRORS.publishableKeyNotAllowed);
  }
  apiKeys.usage.record(caller.apiKeyId, now);
  request.keyManagerCaller = caller;
}

/** Names the instant the rolled key stopped, in UTC, so a log line says when to look. */
export function apiKeyExpiredMessage(at: Date): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `This API key was replaced and stopped working on ${when}; use the new key.`;
}

export function apiCaller(request: FastifyRequest): ApiKeyCaller {
  if (!request.keyManagerCaller) throw new Error('public key-manager route without the API-key guard');
  return request.keyManagerCaller;
}
