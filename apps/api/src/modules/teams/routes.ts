import {
  TEAM_PATHS,
  ZAccountContextResponse,
  ZAuditQuery,
  ZAuditResponse,
  ZChangeMemberRoleRequest,
  ZCreateInviteRequest,
  ZCreateInviteResponse,
  ZInviteParams,
  ZInvitesQuery,
  ZInvitesResponse,
  ZMemberParams,
  ZMemberResponse,
  ZMembersQuery,
  ZMembersResponse,
  ZOkResponse,
  ZRenameAccountRequest,
  ZSwitchAccountRequest,
  ZTransferAccountRequest,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { currentAccount, currentUser } from '../../platform/auth/guard.js';
import type { TeamInvites } from './invites.js';
import type { TeamCall, TeamMembers } from './members.js';

const tags = ['teams'];
const security = [{ accessToken: [] }];
const zNoInput = z.strictObject({}).optional();

/** The signed-in person acting on the session's account (decision 033). */
function callOf(request: FastifyRequest): TeamCall {
  return { user: currentUser(request), accountId: currentAccount(request).id, ip: request.ip };
}

/** The account's own routes: context and switcher, name, members, invitations, audit trail. */
export const teamRoutes =
  (deps: AppDeps, members: TeamMembers, invites: TeamInvites): FastifyPluginAsyncZod =>
  async (app) => {
    const { guards } = deps;
    const readMembers = guards.requireAccess('members', 'read');
    const manage = guards.requireAccess('members', 'write');
    const route = (summary: string) => ({ tags, security, summary });

    app.get(
      TEAM_PATHS.context,
      {
        preHandler: guards.requireUser,
        schema: {
          ...route(
            'The signed-in person, the account this session acts for, and every account they belong to',
          ),
          response: { 200: ZAccountContextResponse },
        },
      },
      async (request) => members.context(currentUser(request)),
    );

    app.post(
      TEAM_PATHS.switchAccount,
      {
        preHandler: guards.requireUser,
        schema: {
          ...route('Act for another account you belong to (this session; the next request uses it)'),
          body: ZSwitchAccountRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await members.switchTo(currentUser(request), request.body.accountId, request.ip);
        return { status: 'ok' as const, message: 'Switched account' };
      },
    );

    app.put(
      TEAM_PATHS.rename,
      {
        preHandler: manage,
        schema: {
          ...route('Rename the account'),
          body: ZRenameAccountRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await members.rename(callOf(request), request.body.name);
        return { status: 'ok' as const, message: 'Account renamed' };
      },
    );

    app.get(
      TEAM_PATHS.members,
      {
        preHandler: readMembers,
        schema: {
          ...route('Members of the account, oldest first, in keyset pages'),
          querystring: ZMembersQuery,
          response: { 200: ZMembersResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await members.page(currentAccount(request).id, request.query)),
      }),
    );

    app.patch(
      TEAM_PATHS.member,
      {
        preHandler: manage,
        schema: {
          ...route('Change a member’s role (the owner’s changes only by a transfer)'),
          params: ZMemberParams,
          body: ZChangeMemberRoleRequest,
          response: { 200: ZMemberResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        member: await members.changeRole(callOf(request), request.params.userId, request.body.role),
      }),
    );

    app.delete(
      TEAM_PATHS.member,
      {
        preHandler: manage,
        schema: {
          ...route('Remove a member: their sessions in this account end at once'),
          params: ZMemberParams,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await members.remove(callOf(request), request.params.userId);
        return { status: 'ok' as const, message: 'Member removed' };
      },
    );

    app.post(
      TEAM_PATHS.leave,
      {
        preHandler: readMembers,
        schema: {
          ...route('Leave the account this session acts for'),
          body: zNoInput,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await members.leave(callOf(request));
        return { status: 'ok' as const, message: 'You left the account' };
      },
    );

    app.post(
      TEAM_PATHS.transfer,
      {
        preHandler: manage,
        schema: {
          ...route('Transfer the account to another member (owner only; you become an admin)'),
          body: ZTransferAccountRequest,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await members.transfer(callOf(request), request.body.userId, request.body.currentPassword);
        return { status: 'ok' as const, message: 'Account transferred' };
      },
    );

    app.get(
      TEAM_PATHS.invites,
      {
        preHandler: manage,
        schema: {
          ...route('Open invitations, newest first, in keyset pages'),
          querystring: ZInvitesQuery,
          response: { 200: ZInvitesResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await invites.page(currentAccount(request).id, request.query)),
      }),
    );

    app.post(
      TEAM_PATHS.invites,
      {
        preHandler: [manage, guards.requireVerifiedEmail],
        schema: {
          ...route('Invite someone by email with a role (mails them a link good for 7 days)'),
          body: ZCreateInviteRequest,
          response: { 200: ZCreateInviteResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        invite: await invites.create(callOf(request), request.body.email, request.body.role),
      }),
    );

    app.delete(
      TEAM_PATHS.invite,
      {
        preHandler: manage,
        schema: {
          ...route('Revoke an open invitation'),
          params: ZInviteParams,
          response: { 200: ZOkResponse },
        },
      },
      async (request) => {
        await invites.revoke(callOf(request), request.params.id);
        return { status: 'ok' as const, message: 'Invitation revoked' };
      },
    );

    app.get(
      TEAM_PATHS.audit,
      {
        preHandler: manage,
        schema: {
          ...route('The account’s audit trail: member and security events, newest first'),
          querystring: ZAuditQuery,
          response: { 200: ZAuditResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        ...(await deps.audit.page(currentAccount(request).id, request.query)),
      }),
    );
  };
