import {
  ACCOUNT_AREAS,
  type AccountRole,
  INVITABLE_ROLES,
  KEY_USAGE_PATHS,
  OWNER_DEVICES_PATHS,
  roleAllows,
  TEAM_PATHS,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountRoute, accountRoutesOf } from '../../platform/auth/guard-order.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { newTeam, type Team } from './teams-kit.test.js';

/**
 * Decision 033's member dimension of the role matrix: every route guarded by requireAccess (read
 * from the app's own registrations, so a new route is covered without editing this file), called
 * by the owner and a member of each role acting for the same account. A role that does not reach the
 * route's area is refused 403 `role_not_allowed` before anything runs (the guard is the route's
 * first hook, so no body is needed); a role that does is never refused for who it is.
 */
let server: TestServer;
let team: Team;
let routes: readonly AccountRoute[];

beforeAll(async () => {
  server = await startTestServer();
  team = await newTeam(server);
  // Leaving changes who the caller is for every later call: it goes last.
  const leave = (route: AccountRoute) => (route.url === TEAM_PATHS.leave ? 1 : 0);
  routes = [...accountRoutesOf(server.app)].sort((a, b) => leave(a) - leave(b));
});
afterAll(async () => {
  await server?.close();
});

const concrete = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    name === 'token' ? 'x'.repeat(43) : '00000000-0000-4000-8000-000000000000',
  );

describe('role matrix: members of one account', () => {
  it('finds the account routes of every area', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(new Set(routes.map((route) => route.area))).toEqual(new Set(ACCOUNT_AREAS));
    // Issue 26's owner-wide device list: a Key Manager read like the other dashboard lists.
    expect(routes.find((route) => route.url === OWNER_DEVICES_PATHS.listDevices)).toMatchObject({
      area: 'keyManager',
      need: 'read',
    });
    // Issue 30's analytics and request log are Key Manager reads; the usage settings a write.
    for (const url of [
      KEY_USAGE_PATHS.analytics,
      KEY_USAGE_PATHS.requestLog,
      KEY_USAGE_PATHS.requestLogCsv,
    ]) {
      expect(routes.find((route) => route.url === url)).toMatchObject({ area: 'keyManager', need: 'read' });
    }
    expect(
      routes.find((route) => route.url === KEY_USAGE_PATHS.usageSettings && route.method === 'POST'),
    ).toMatchObject({ area: 'keyManager', need: 'write' });
  });

  it('refuses each role exactly the routes its areas do not reach, and lets it reach the others', async () => {
    const request = httpClient(server.baseUrl);
    const people: [AccountRole, string][] = [
      ['owner', team.owner.access],
      ...INVITABLE_ROLES.map((role): [AccountRole, string] => [role, team.members[role].access]),
    ];
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [role, token] of people) {
        const allowed = roleAllows(role, route.area, route.need);
        const response = await request(concrete(route.url), {
          method: route.method,
          token,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        const refused = response.status === 401 || response.status === 403;
        const code = (response.body as { code?: string }).code;
        if (allowed && refused && code !== 'email_not_verified') {
          wrong.push(`${role} ${route.method} ${route.url}: refused ${response.status} ${code}`);
        }
        if (!allowed && (response.status !== 403 || code !== 'role_not_allowed')) {
          wrong.push(
            `${role} ${route.method} ${route.url}: expected 403 role_not_allowed, got ${response.status} ${code}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
