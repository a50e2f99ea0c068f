import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { accountMembers, users } from '../../db/schema/index.js';
import type { DemoPasswordOf } from '../../platform/seed/demo-login-store.js';
import type { SeedStep } from '../../platform/seed/seed.js';
import type { NewAccount } from '../../ports/accounts.js';

/** The demo client's account, named as a business would name it. */
export const DEMO_TEAM_ACCOUNT = { ownerEmail: 'client@demo.test', name: 'Harbour Café' };

/** A developer of the demo client's team (decision 033): Key Manager and projects, no payments. */
export const DEMO_TEAMMATE: Omit<NewAccount, 'password'> = {
  username: 'Priya Raman',
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'developer@demo.test',
  securityQuestion: 'What was the name of your first school?',
  securityQuestionAnswer: 'Hillside',
  userType: 'c',
};

/** Names the demo client's account and adds the teammate as a developer (idempotent). */
export function teamSeed(deps: Pick<AppDeps, 'accounts' | 'database'>, passwordOf: DemoPasswordOf): SeedStep {
  return {
    name: 'demo-team',
    async run() {
      const owner = await deps.accounts.findByEmail(DEMO_TEAM_ACCOUNT.ownerEmail);
      if (!owner) return;
      const teammate =
        (await deps.accounts.findByEmail(DEMO_TEAMMATE.email)) ??
        (await deps.accounts.createAccount({ ...DEMO_TEAMMATE, password: passwordOf(DEMO_TEAMMATE.email) }));
      const db = deps.database.db;
      await db
        .update(users)
        .set({ accountName: DEMO_TEAM_ACCOUNT.name })
        .where(and(eq(users.id, owner.id), isNull(users.accountName)));
      await db
        .insert(accountMembers)
        .values({ accountId: owner.id, userId: teammate.id, role: 'developer', invitedBy: owner.id })
        .onConflictDoNothing();
    },
  };
}
