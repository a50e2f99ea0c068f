import { type AuditEvent, type AuditResponse, TEAM_PATHS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMembers } from '../../db/schema/index.js';
import {
  startTwoFactorServer,
  type TwoFactorKit,
} from '../accounts/two-factor/two-factor-kit.test-support.js';

/**
 * Decision 033 (amended 2026-11-29): a sign-in is on the trail of the account the new session acts
 * for, and entering an account by the switcher is on that account's trail, so an owner sees their
 * members come in; a person in several accounts is recorded in the one the session acts for only.
 */
let kit: TwoFactorKit;

beforeAll(async () => {
  kit = await startTwoFactorServer();
});
afterAll(async () => kit?.server.close());

async function trailOf(token: string): Promise<AuditEvent[]> {
  const response = await kit.request<AuditResponse>(`${TEAM_PATHS.audit}?limit=100`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.events;
}

const entries = (events: AuditEvent[], action: string) =>
  events
    .filter((event) => event.action === action)
    .map((event) => ({ actorName: event.actorName, detail: event.detail, ip: event.ip }));

/** Adds `userId` to `accountId` as an accepted invitation does. */
async function addMember(accountId: string, userId: string, role: 'developer' | 'billing' | 'viewer') {
  await kit.server.database.db
    .insert(accountMembers)
    .values({ accountId, userId, role, invitedBy: accountId });
}

async function signIn(email: string, password: string, ip: string): Promise<string> {
  const step = await kit.passwordStep(email, password, ip);
  if (!step.access) throw new Error('expected tokens from the password alone');
  return step.access;
}

describe('sign-ins on the trail of the account the session acts for', () => {
  it('an owner sees a member switch into the account; the member’s own sign-ins stay on their own trail', async () => {
    const owner = await kit.signUp('Olive');
    const member = await kit.signUp('Devon');
    const ownerId = await kit.userIdOf(owner.email);
    const memberId = await kit.userIdOf(member.email);
    await addMember(ownerId, memberId, 'developer');

    // A new session starts in the person's own account: its sign-in is recorded there only.
    const ip = kit.newIp();
    const access = await signIn(member.email, member.password, ip);
    expect(entries(await trailOf(access), 'sign_in')).toContainEqual({
      actorName: 'Devon Hopper',
      detail: { method: 'password' },
      ip,
    });
    expect(entries(await trailOf(owner.access), 'sign_in').map((entry) => entry.actorName)).not.toContain(
      'Devon Hopper',
    );

    // Entering the team's account is recorded on the team's trail, once per entry.
    const switchIp = kit.newIp();
    const switched = await kit.request(TEAM_PATHS.switchAccount, {
      body: { accountId: ownerId },
      token: access,
      headers: { 'x-forwarded-for': switchIp },
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const again = await kit.request(TEAM_PATHS.switchAccount, {
      body: { accountId: ownerId },
      token: access,
    });
    expect(again.status).toBe(200);
    expect(entries(await trailOf(owner.access), 'session.switched')).toEqual([
      { actorName: 'Devon Hopper', detail: {}, ip: switchIp },
    ]);
    // Back to the member's own account: that trail records it, the team's does not again.
    const home = await kit.request(TEAM_PATHS.switchAccount, {
      body: { accountId: memberId },
      token: access,
    });
    expect(home.status).toBe(200);
    expect(entries(await trailOf(owner.access), 'session.switched')).toHaveLength(1);
    expect(entries(await trailOf(access), 'session.switched')).toHaveLength(1);
  });

  it('records the sign-in of a person whose session acts for a team account in that account, with how', async () => {
    const owner = await kit.signUp('Olive');
    const member = await kit.signUp('Bill');
    const ownerId = await kit.userIdOf(owner.email);
    const memberId = await kit.userIdOf(member.email);
    await addMember(ownerId, memberId, 'billing');
    // The person's own account was transferred away and they left it: they belong to the team only.
    const db = kit.server.database.db;
    await db
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, memberId), eq(accountMembers.userId, memberId)));
    const { secret } = await kit.enrolTotp(member.access);

    kit.nextStep();
    const ip = kit.newIp();
    const step = await kit.passwordStep(member.email, member.password, ip);
    const signedIn = await kit.secondStep(
      step.secondFactor?.challenge ?? '',
      { method: 'totp', code: kit.codeNow(secret) },
      ip,
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);

    // The owner sees it; the account the person left (whoever owns it now) does not.
    expect(entries(await trailOf(owner.access), 'sign_in')).toContainEqual({
      actorName: 'Bill Hopper',
      detail: { method: 'totp' },
      ip,
    });
    expect(await kit.auditActions(memberId)).not.toContain('sign_in');
    // The new session acts for the team: as a billing member, who does not read the trail.
    const refused = await kit.request(TEAM_PATHS.audit, { token: signedIn.body.access ?? '' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'role_not_allowed' } });
  });
});
