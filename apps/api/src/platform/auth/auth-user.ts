import type { Role, UserType } from '@app/contract';

/** The signed-in caller as the guards put it on the request (read per session, decision 014). */
export interface AuthUser {
  id: string;
  email: string;
  userType: UserType;
  role: Role;
  firstName: string;
  lastName: string;
}
