import type { UserType } from '@app/contract';
import type { UserRow } from '../db/schema/index.js';

/** An account to create: a client's signup, an admin's staff member, a business's agent, a demo login. */
export interface NewAccount {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  securityQuestion: string;
  securityQuestionAnswer: string;
  userType?: UserType;
  designation?: string | null;
}

/**
 * Parts of the signed-in user's summary (docs/product-contract.md §Entities, User info) that other
 * features own. Each feature sets its provider once when it is wired; until one is set, the summary
 * reports none.
 */
export interface UserSummaryProviders {
  /** Businesses feature: true once the user registered a business. */
  hasBusinessAccount?: (userId: string) => Promise<boolean>;
  /** Chat feature: the user answers customer-service chats (so the staff area shows the inbox). */
  customerService?: (user: { id: string; userType: UserType }) => Promise<boolean>;
  /** Projects feature: completed and total orders of the user. */
  orderCounts?: (userId: string) => Promise<{ completedOrders: number; maxOrders: number }>;
  /** Projects feature: completed and total projects of the user. */
  projectCounts?: (userId: string) => Promise<{ completedProjects: number; maxProjects: number }>;
}

/**
 * What other features (and the install steps) use of the accounts feature, as `deps.accounts`:
 * modules/accounts/service.ts implements it; the accounts routes use the whole service.
 */
export interface AccountsPort {
  findByEmail(email: string): Promise<UserRow | null>;
  findById(id: string): Promise<UserRow | null>;
  /** An account someone else creates (staff, agents, seeds): no welcome mail. */
  createAccount(input: NewAccount): Promise<UserRow>;
  /** Sets a password its owner did not choose (an agent's, a demo login's) and signs them out. */
  replacePassword(userId: string, newPassword: string): Promise<void>;
  /** Call after disabling or enabling an account: its sessions stop or resume at once. */
  accessChanged(userId: string): Promise<void>;
  /** Active accounts per type (the admin dashboard). */
  countByType(): Promise<Record<UserType, number>>;
  /** Filled by the features that own parts of the user summary. */
  readonly summaryProviders: UserSummaryProviders;
}
