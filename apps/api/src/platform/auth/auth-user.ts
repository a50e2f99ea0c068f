import type { AccountRole, Role, UserType } from '@app/contract';

/** The account a signed-in person acts for, and their role in it (decision 033). */
export interface ActingAccount {
  /** The account's id: the id of the user who opened it, which its data is keyed by. */
  id: string;
  role: AccountRole;
  /** The account's owner requires a second factor of every member. */
  requiresTwoFactor: boolean;
}

/** The signed-in caller as the guards put it on the request (read per session, decision 014). */
export interface AuthUser {
  id: string;
  email: string;
  userType: UserType;
  role: Role;
  firstName: string;
  lastName: string;
  /** The address was proven by its link (sign-up sends it); paying, API keys and invitations need it. */
  emailVerified: boolean;
  /** The person has a confirmed second factor (an authenticator app or a passkey). */
  hasSecondFactor: boolean;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** Null when the person belongs to no account (they transferred theirs and were removed). */
  account: ActingAccount | null;
}
