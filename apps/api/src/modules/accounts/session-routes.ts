import {
  SESSION_PATHS,
  ZAdminSignOutRequest,
  ZEndSessionsResponse,
  ZOkResponse,
  ZSessionParams,
  ZSessionsQuery,
  ZSessionsResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import { notFound } from '../../platform/http/errors.js';
import { placeOfRequest } from './device-place.js';
import { newDeviceNotifier } from './new-device.js';
import { SessionList } from './session-list.js';
import type { SessionService } from './sessions.js';

const tags = ['accounts'];
const security = [{ accessToken: [] }];

/**
 * Profile → Sessions: the person's signed-in devices, ending one or all others; the admin's "sign
 * out everywhere" (decision 033). Sign-ins from a new device are mailed from here too (new-device.ts).
 */
export const sessionRoutes =
  (deps: AppDeps, sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    const { guards } = deps;
    const list = new SessionList(deps.database.db, deps.clock, sessions);
    sessions.onSignIn(newDeviceNotifier(deps));
    const accountOf = (user: ReturnType<typeof currentUser>) => user.account?.id ?? user.id;

    app.get(
      SESSION_PATHS.list,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Your signed-in devices, most recently active first, in keyset pages',
          security,
          querystring: ZSessionsQuery,
          response: { 200: ZSessionsResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const place = placeOfRequest(request, deps.config.TRUST_PROXY);
        const page = await list.page(user.id, request.query, { sessionId: user.sessionId, place });
        return { status: 'ok' as const, ...page };
      },
    );

    app.delete(
      SESSION_PATHS.session,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Sign one of your devices out',
          security,
          params: ZSessionParams,
          response: { 200: ZEndSessionsResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const ended = await list.endOne(user.id, request.params.id);
        await deps.audit.recordQuietly({
          accountId: accountOf(user),
          actor: user,
          action: 'session.ended',
          target: ended.device,
          detail: { sessionId: ended.id, sessionIp: ended.ip, thisDevice: ended.id === user.sessionId },
          ip: request.ip,
        });
        return { status: 'ok' as const, message: `${ended.device} was signed out`, ended: 1 };
      },
    );

    app.post(
      SESSION_PATHS.endOthers,
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Sign out every device but this one',
          security,
          response: { 200: ZEndSessionsResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const ended = await list.endOthers(user.id, user.sessionId);
        if (ended.length > 0) {
          await deps.audit.recordQuietly({
            accountId: accountOf(user),
            actor: user,
            action: 'session.ended',
            target: 'every other device',
            detail: { sessionIds: ended.map((session) => session.id), ended: ended.length },
            ip: request.ip,
          });
        }
        const message =
          ended.length === 0
            ? 'No other device was signed in'
            : `${ended.length} other ${ended.length === 1 ? 'device was' : 'devices were'} signed out`;
        return { status: 'ok' as const, message, ended: ended.length };
      },
    );

    app.post(
      SESSION_PATHS.adminSignOutEverywhere,
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary: 'Sign a user out on every device',
          security,
          body: ZAdminSignOutRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        const admin = currentUser(request);
        const target = await deps.accounts.findById(request.body.userID);
        if (!target) throw notFound('That user does not exist');
        await sessions.revokeAllForUser(target.id);
        const name = `${target.firstName} ${target.lastName}`.trim();
        // On the person's own account's trail: its owners and admins see who signed them out.
        await deps.audit.recordQuietly({
          accountId: target.id,
          actor: admin,
          action: 'session.ended',
          target: `${name} (${target.email}), every device`,
          detail: { by: 'site admin', userId: target.id },
          ip: request.ip,
        });
        return { status: 'ok' as const, message: `${name} was signed out on every device` };
      },
    );
  };
