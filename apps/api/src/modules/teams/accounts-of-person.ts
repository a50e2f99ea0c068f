import type { AccountSummary } from '@app/contract';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountMembers, users } from '../../db/schema/index.js';

/** The name members see for an account: its own name, else its opener's. */
export const accountNameOf = (account: {
  accountName: SQLWrapper;
  firstName: SQLWrapper;
  lastName: SQLWrapper;
}) => sql<string>`coalesce(${account.accountName}, ${account.firstName} || ' ' || ${account.lastName})`;

/**
 * The accounts a person belongs to, their own first, then in the order they joined. A person belongs
 * to a handful, so the list is not paged (the contract's context reply carries it whole).
 */
export async function accountsOfPerson(db: Db, personId: string, where?: SQL): Promise<AccountSummary[]> {
  return db
    .select({ id: accountMembers.accountId, name: accountNameOf(users), role: accountMembers.role })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.accountId))
    .where(and(eq(accountMembers.userId, personId), where))
    .orderBy(desc(sql`${accountMembers.accountId} = ${personId}`), asc(accountMembers.createdAt))
    .limit(100);
}

/** One account's summary as the person sees it, or null when they are not a member. */
export async function accountOfPerson(db: Db, personId: string, accountId: string) {
  const [row] = await accountsOfPerson(db, personId, eq(accountMembers.accountId, accountId));
  return row ?? null;
}
