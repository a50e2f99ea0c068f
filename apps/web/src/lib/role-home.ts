import type { UserType } from '@app/contract';

/**
 * Where a freshly signed-in user lands (docs/product-contract.md §Screens, Sign in): staff and admins
 * have their own areas.
 */
export function roleHome(userType: UserType | null): string {
  if (userType === 'e') return '/company/staff';
  if (userType === 'a') return '/company/admin';
  return '/profile';
}
