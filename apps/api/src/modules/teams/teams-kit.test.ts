import {
  CATALOG_PATHS,
  type InvitableRole,
  KEY_MANAGER_PATHS,
  type PlansGetResponse,
  TEAM_PATHS,
} from '@app/contract';
import { expect } from 'vitest';
import { accountMembers } from '../../db/schema/index.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import type { TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

/** A client account with one member per role, each signed in and acting for that account. */
export interface Team {
  owner: TestAccount;
  members: Record<InvitableRole, TestAccount>;
}

/** Adds `person` to `accountId` with `role` (as an accepted invitation does) and switches their session. */
export async function joinAs(
  server: TestServer,
  accountId: string,
  person: TestAccount,
  role: InvitableRole,
) {
  await server.database.db
    .insert(accountMembers)
    .values({ accountId, userId: person.id, role, invitedBy: accountId });
  const switched = await httpClient(server.baseUrl)(TEAM_PATHS.switchAccount, {
    body: { accountId },
    token: person.access,
  });
  expect(switched.status, JSON.stringify(switched.body)).toBe(200);
}

export async function newTeam(server: TestServer): Promise<Team> {
  const owner = await createAccount(server, 'client');
  const members = {} as Record<InvitableRole, TestAccount>;
  for (const role of ['admin', 'developer', 'billing', 'viewer'] as const) {
    members[role] = await createAccount(server, 'client');
    await joinAs(server, owner.id, members[role], role);
  }
  return { owner, members };
}

/** Activates the Key Manager's free plan for the account `token` acts for (keys need a plan). */
export async function withFreeKeyManagerPlan(server: TestServer, token: string): Promise<void> {
  const request = httpClient(server.baseUrl);
  const data = await request<{ product: { id: number } }>(KEY_MANAGER_PATHS.data, { body: {}, token });
  const plans = await request<PlansGetResponse>(CATALOG_PATHS.plansGet, {
    body: { product_id: data.body.product.id },
    token,
  });
  const free = plans.body.plans.find((plan) => plan.is_free);
  if (!free) throw new Error('no free plan seeded');
  const activated = await request(CATALOG_PATHS.plansActivate, {
    body: { productID: data.body.product.id, planID: free.id, isUpgrade: false },
    token,
  });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
}
