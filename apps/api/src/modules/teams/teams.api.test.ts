import {
  type AccountContextResponse,
  type AuditResponse,
  type CreateInviteResponse,
  type InvitationResponse,
  KEY_MANAGER_PATHS,
  KEY_PAGE_PATHS,
  type KeyHistoryResponse,
  LAST_OWNER_MESSAGE,
  type MembersResponse,
  memberPath,
  TEAM_PATHS,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signupClient, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { joinAs, newTeam, withFreeKeyManagerPlan } from './teams-kit.test.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
});
afterAll(async () => {
  await server?.close();
});

const tokenOfInviteMail = async (email: string) => {
  const [mail] = (await mailsTo(server, email)).filter((row) => row.subject.includes('invited you'));
  const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
};

describe('teams: invitations, roles, removal, transfer, audit trail', () => {
  it('invites by email; the invited person signs up with that address, accepts, and acts on the account’s keys', async () => {
    const owner = await createAccount(server, 'client');
    await withFreeKeyManagerPlan(server, owner.access);
    const key = await request<{ key: { key: string } }>(KEY_MANAGER_PATHS.addKey, {
      body: { name: 'Team key', maxActivations: 2 },
      token: owner.access,
    });
    expect(key.status, JSON.stringify(key.body)).toBe(200);

    const email = uniqueEmail('dev');
    const invited = await request<CreateInviteResponse>(TEAM_PATHS.invites, {
      body: { email: email.toUpperCase(), role: 'developer' },
      token: owner.access,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.invite).toMatchObject({ email, role: 'developer' });
    const token = await tokenOfInviteMail(email);

    // The link shows what it offers without signing in; a made-up one is a plain 404.
    const preview = await request<InvitationResponse>(`/api/v1/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body.invitation).toMatchObject({ email, role: 'developer', invitedBy: 'client User' });
    expect((await request(`/api/v1/invitations/${'y'.repeat(43)}`)).status).toBe(404);

    // Someone else signed in cannot take it.
    const stranger = await createAccount(server, 'client');
    const refused = await request(TEAM_PATHS.acceptInvitation, { body: { token }, token: stranger.access });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(email);

    // The invited person signs up (unverified) and accepts: the link proves the address.
    const dev = await signupClient(server, { email }, { verify: false });
    const accepted = await request(TEAM_PATHS.acceptInvitation, { body: { token }, token: dev.access });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await request(TEAM_PATHS.acceptInvitation, { body: { token }, token: dev.access })).status).toBe(
      404,
    );

    const context = await request<AccountContextResponse>(TEAM_PATHS.context, { token: dev.access });
    expect(context.body.account).toMatchObject({ id: owner.id, role: 'developer' });
    expect(context.body.accounts.map((account) => account.role)).toEqual(['owner', 'developer']);

    // The developer sees and changes the owner's keys, and is refused payments and plans.
    const keys = await request<{ keys: { key: string }[] }>(KEY_MANAGER_PATHS.getKeys, {
      body: {},
      token: dev.access,
    });
    expect(keys.body.keys.map((row) => row.key)).toContain(key.body.key.key);
    // What the developer does is theirs in the key's history; an application's call is nobody's.
    const made = await request<{ key: { id: string } }>(KEY_MANAGER_PATHS.addKey, {
      body: { name: 'By the developer', maxActivations: 1 },
      token: dev.access,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const history = await request<KeyHistoryResponse>(
      KEY_PAGE_PATHS.history.replace(':id', made.body.key.id),
      { token: owner.access },
    );
    expect(history.body.events.map((event) => [event.action, event.actorName])).toEqual([
      ['create', 'Grace Hopper'],
    ]);
    const plans = await request('/api/v1/subscriptions/get', { body: {}, token: dev.access });
    expect(plans.status).toBe(403);
    expect(plans.body).toMatchObject({ code: 'role_not_allowed' });
    expect(plans.body.message).toContain('Developer');

    // Switching back to their own account: their own (empty) keys.
    await request(TEAM_PATHS.switchAccount, {
      body: { accountId: context.body.person.id },
      token: dev.access,
    });
    const own = await request<{ keys: unknown[] }>(KEY_MANAGER_PATHS.getKeys, {
      body: {},
      token: dev.access,
    });
    expect(own.body.keys).toEqual([]);
    // An account they do not belong to: 404, nothing moves.
    const foreign = await request(TEAM_PATHS.switchAccount, {
      body: { accountId: stranger.id },
      token: dev.access,
    });
    expect(foreign.status).toBe(404);

    const trail = await request<AuditResponse>(TEAM_PATHS.audit, { token: owner.access });
    // The trail shows every area (decision 037); the member's key is the Key Manager's event.
    const members = trail.body.events.filter((event) => event.area === 'account');
    expect(members.map((event) => event.action)).toEqual(['member.joined', 'member.invited']);
    expect(members[1]).toMatchObject({ actorName: 'client User', target: email });
    expect(
      trail.body.events.filter((event) => event.area === 'key-manager').map((event) => event.action),
    ).toEqual(['key.created', 'key.created']);
  });

  it('changes a role at once, removes a member (their sessions there end), and keeps the owner', async () => {
    const team = await newTeam(server);
    const { owner, members } = team;
    await withFreeKeyManagerPlan(server, owner.access);
    const page = await request<MembersResponse>(`${TEAM_PATHS.members}?limit=2`, {
      token: members.viewer.access,
    });
    expect(page.body.members).toHaveLength(2);
    expect(page.body.members[0]).toMatchObject({ userId: owner.id, role: 'owner' });
    const next = await request<MembersResponse>(
      `${TEAM_PATHS.members}?limit=10&cursor=${page.body.nextCursor}`,
      {
        token: members.viewer.access,
      },
    );
    expect(next.body.members).toHaveLength(3);
    expect(next.body.nextCursor).toBeNull();

    // The viewer may not add keys; promoted to developer, the very next call may.
    const add = () =>
      request(KEY_MANAGER_PATHS.addKey, {
        body: { name: 'Role key', maxActivations: 1 },
        token: members.viewer.access,
      });
    expect((await add()).status).toBe(403);
    const promoted = await request(memberPath(members.viewer.id), {
      method: 'PATCH',
      body: { role: 'developer' },
      token: members.admin.access,
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect((await add()).status).toBe(200);

    // Members cannot manage members; the owner cannot be removed or demoted.
    const byDeveloper = await request(memberPath(members.billing.id), {
      method: 'DELETE',
      token: members.developer.access,
    });
    expect(byDeveloper.status).toBe(403);
    const ownerOut = await request(memberPath(owner.id), { method: 'DELETE', token: members.admin.access });
    expect(ownerOut.status).toBe(409);
    expect(ownerOut.body.message).toBe(LAST_OWNER_MESSAGE);
    const demote = await request(memberPath(owner.id), {
      method: 'PATCH',
      body: { role: 'viewer' },
      token: members.admin.access,
    });
    expect(demote.status).toBe(409);

    // Removed: the billing member's session in this account ends at once.
    const removed = await request(memberPath(members.billing.id), {
      method: 'DELETE',
      token: members.admin.access,
    });
    expect(removed.status).toBe(200);
    const after = await request('/api/v1/subscriptions/get', { body: {}, token: members.billing.access });
    expect(after.status).toBe(401);

    const actions = (
      await request<AuditResponse>(TEAM_PATHS.audit, { token: owner.access })
    ).body.events.filter((event) => event.area === 'account');
    // Before the changes: each member's session entering the account (newTeam switches it there).
    expect(actions.map((event) => event.action)).toEqual([
      'member.removed',
      'member.role_changed',
      ...Array(4).fill('session.switched'),
    ]);
    expect(actions[1]?.detail).toEqual({ from: 'viewer', to: 'developer' });
  });

  it('transfers the account with the owner’s password; the old owner becomes an admin', async () => {
    const owner = await createAccount(server, 'client');
    const next = await createAccount(server, 'client');
    await joinAs(server, owner.id, next, 'developer');
    const wrong = await request(TEAM_PATHS.transfer, {
      body: { userId: next.id, currentPassword: 'not-it' },
      token: owner.access,
    });
    expect(wrong.status).toBe(400);
    const byOther = await request(TEAM_PATHS.transfer, {
      body: { userId: next.id, currentPassword: next.password },
      token: next.access,
    });
    expect(byOther.status).toBe(403);
    const done = await request(TEAM_PATHS.transfer, {
      body: { userId: next.id, currentPassword: owner.password },
      token: owner.access,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const roles = (
      await request<MembersResponse>(TEAM_PATHS.members, { token: owner.access })
    ).body.members.map((member) => [member.userId, member.role]);
    expect(roles).toEqual([
      [owner.id, 'admin'],
      [next.id, 'owner'],
    ]);
    // The new owner cannot leave without handing it on; the old one (now an admin) can.
    expect((await request(TEAM_PATHS.leave, { body: {}, token: next.access })).status).toBe(409);
    expect((await request(TEAM_PATHS.leave, { body: {}, token: owner.access })).status).toBe(200);
    // It was their only account: that session ends; signed in again, they belong to none.
    expect((await request(TEAM_PATHS.context, { token: owner.access })).status).toBe(401);
    const again = await request<{ access: string }>('/api/v1/user/authenticate/signin', {
      body: { email: owner.email, password: owner.password },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const context = await request<AccountContextResponse>(TEAM_PATHS.context, { token: again.body.access });
    expect(context.body.account).toBeNull();
    expect(context.body.accounts).toEqual([]);
    const keys = await request(KEY_MANAGER_PATHS.getKeys, { body: {}, token: again.body.access });
    expect(keys.status).toBe(403);
    expect(keys.body).toMatchObject({ code: 'not_a_member' });
  });

  it('refuses invitations from an unverified address, to a member, and with a role that is not offered', async () => {
    const owner = await signupClient(server, {}, { verify: false });
    const unverified = await request(TEAM_PATHS.invites, {
      body: { email: uniqueEmail(), role: 'viewer' },
      token: owner.access,
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ code: 'email_not_verified' });

    const team = await newTeam(server);
    const member = await request(TEAM_PATHS.invites, {
      body: { email: team.members.billing.email, role: 'viewer' },
      token: team.owner.access,
    });
    expect(member.status).toBe(409);
    const owner2 = await request(TEAM_PATHS.invites, {
      body: { email: uniqueEmail(), role: 'owner' },
      token: team.owner.access,
    });
    expect(owner2.status).toBe(400);
    expect(owner2.body).toMatchObject({ code: 'invalid_input' });
  });
});
