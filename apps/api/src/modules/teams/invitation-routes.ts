import {
  TEAM_PATHS,
  ZAcceptInvitationRequest,
  ZInvitationParams,
  ZInvitationResponse,
  ZOkResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { TeamInvites } from './invites.js';

const tags = ['teams'];

/** The invited person's side: what the link offers (public), and accepting it (signed in). */
export const invitationRoutes =
  (deps: AppDeps, invites: TeamInvites): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      TEAM_PATHS.invitation,
      {
        schema: {
          tags,
          summary:
            'What an invitation link offers (account, inviter, role, address); 404 once used or expired',
          params: ZInvitationParams,
          response: { 200: ZInvitationResponse },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { status: 'ok' as const, invitation: await invites.preview(request.params.token) };
      },
    );

    app.post(
      TEAM_PATHS.acceptInvitation,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags,
          security: [{ accessToken: [] }],
          summary:
            'Accept an invitation as the signed-in person (with the invited address); this session moves to the account',
          body: ZAcceptInvitationRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await invites.accept(currentUser(request), request.body.token, request.ip);
        return { status: 'ok' as const, message: 'You joined the account' };
      },
    );
  };
