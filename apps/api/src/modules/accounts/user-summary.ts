import type { UserType } from '@app/contract';

/**
 * Parts of the signed-in user's summary (docs/product-contract.md §Entities, User info) that other
 * features own. Each feature sets its provider once in createDeps(); until one is set, the summary
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
