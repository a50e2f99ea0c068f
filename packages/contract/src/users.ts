import { z } from 'zod';

/**
 * User types as the API reports them in `user_type`. The spec fixes `e` for staff;
 * `c` (client) and `a` (admin) follow the same one-letter scheme.
 */
export const USER_TYPES = { client: 'c', staff: 'e', admin: 'a' } as const;
export const ZUserType = z.enum(['c', 'e', 'a']);
export type UserType = z.infer<typeof ZUserType>;
export type Role = keyof typeof USER_TYPES;

export function roleOf(userType: UserType): Role {
  if (userType === 'a') return 'admin';
  if (userType === 'e') return 'staff';
  return 'client';
}
