import { randomBytes } from 'node:crypto';
import type { Role, SignupRequest, UserType } from '@app/contract';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { verifyEmailFromMail } from './email-verification.js';
import type { TestServer } from './harness.js';
import { httpClient } from './http.js';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export function signupBody(overrides: Partial<SignupRequest['data']> = {}): SignupRequest {
  const data = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: uniqueEmail(),
    password: 'correct-horse-1',
    confirmationPassword: 'correct-horse-1',
    rememberMe: false,
    agree: true as const,
    securityQuestion: 'What was the name of your first pet?',
    securityQuestionAnswer: 'Biscuit',
    ...overrides,
  };
  return { username: `${data.firstName} ${data.lastName}`, password: data.password, data };
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
  userType: UserType;
}

const TYPE_OF_ROLE: Record<Role, UserType> = { client: 'c', staff: 'e', admin: 'a' };

/**
 * Creates an account of any role directly through the service, with a verified address (as the
 * accounts that existed before verification are), and signs it in.
 */
export async function createAccount(server: TestServer, role: Role): Promise<TestAccount> {
  const email = uniqueEmail(role);
  const password = 'role-password-1';
  const user = await server.deps.accounts.createAccount({
    username: `${role} user`,
    firstName: role,
    lastName: 'User',
    email,
    password,
    securityQuestion: 'Favourite colour?',
    securityQuestionAnswer: 'Teal',
    userType: TYPE_OF_ROLE[role],
  });
  await server.database.db
    .update(users)
    .set({ emailVerifiedAt: server.clock.now() })
    .where(eq(users.id, user.id));
  const pair = await server.deps.sessions.issue(user, false);
  return { id: user.id, email, password, ...pair, userType: user.userType };
}

/**
 * Signs up through the public endpoint, as the web app does, and opens the verification link of the
 * welcome mail (paying and creating API keys need it); `verify: false` leaves the address unproven.
 */
export async function signupClient(
  server: TestServer,
  overrides: Partial<SignupRequest['data']> = {},
  options: { verify?: boolean } = {},
) {
  const body = signupBody(overrides);
  const response = await httpClient(server.baseUrl)<{ access: string; refresh: string }>(
    '/api/v1/user/authenticate/signup',
    { body },
  );
  if (response.status !== 200) throw new Error(`signup failed: ${JSON.stringify(response.body)}`);
  if (options.verify !== false) await verifyEmailFromMail(server, body.data.email);
  return { ...body.data, access: response.body.access, refresh: response.body.refresh };
}
