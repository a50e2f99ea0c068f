import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every account: clients (`c`), staff (`e`) and admins (`a`). Secrets are argon2id hashes. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    securityQuestion: text('security_question').notNull(),
    securityAnswerHash: text('security_answer_hash').notNull(),
    userType: text('user_type', { enum: ['c', 'e', 'a'] })
      .notNull()
      .default('c'),
    designation: text('designation'),
    disabled: boolean('disabled').notNull().default(false),
    /** Null until the address is proven by its link (decision 033); accounts older than that count as verified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The name members see for the account this user opened; null shows the opener's name. */
    accountName: text('account_name'),
    /** The account's owner requires a second factor of every member (decision 033). */
    requireMemberTwoFactor: boolean('require_member_two_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_user_type_idx').on(table.userType),
    index('users_username_lower_idx').on(sql`lower(${table.username})`),
    // Admin lists (decision 026): clients newest first, staff by name, in keyset pages.
    index('users_type_created_page_idx').on(table.userType, table.createdAt, table.id),
    index('users_type_name_page_idx').on(table.userType, table.firstName, table.lastName, table.id),
    // The admin dashboard's newest sign-ups.
    index('users_created_idx').on(table.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
