import { roleAllows, type SecondFactorStep, type UserInformation, type UserType } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import { tableCounts } from '../../db/table-stats.js';
import type { ActingAccount } from '../../platform/auth/auth-user.js';
import { hashSecret, normaliseAnswer, verifySecret } from '../../platform/auth/passwords.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, notFound, unauthorized } from '../../platform/http/errors.js';
import type { AccountsPort, NewAccount, UserSummaryProviders } from '../../ports/accounts.js';
import type { DecoyQuestions } from './decoy-question.js';
import type { AuthLimiters } from './limits.js';
import type { PasswordChangeMailer, PasswordChangeWay } from './password-mail.js';
import type { SessionOrigin, SessionService, TokenPair } from './sessions.js';
import type { SecondFactorGate, SecondFactorProofInput } from './two-factor/second-factor.js';
import type { WelcomeMailer } from './welcome-mail.js';

export const SIGNIN_FAILED = 'Incorrect email or password';
export const ADMIN_SIGNIN_FAILED = 'Incorrect admin credentials';
export const RESET_WRONG_ANSWER = 'The answer to the security question is incorrect';

/** A right password: tokens, or for a person with a second factor the step that leads to them. */
export type SigninResult = (TokenPair & { userType: UserType }) | { secondFactor: SecondFactorStep };

/** Accounts: sign-up, sign-in, password and profile changes; other features use it as AccountsPort. */
export class AccountService implements AccountsPort {
  // Verifying against a real hash when the email is unknown keeps both failures equally slow.
  private dummyHash: Promise<string> | null = null;
  /** Two-factor sign-in (two-factor/): set by createDeps; without it passwords alone sign in. */
  secondFactor: SecondFactorGate | null = null;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly limiters: AuthLimiters,
    private readonly clock: Clock,
    private readonly decoys: DecoyQuestions,
    /** Mails a client who signed up themselves; accounts others create get no mail (decision 018). */
    private readonly welcome: WelcomeMailer | null = null,
    /** Tells owners their password changed (Settings or reset); not when someone else set it (decision 018). */
    private readonly passwordMail: PasswordChangeMailer | null = null,
    /** Filled by other features (businesses, projects, chat); see ports/accounts.ts. */
    readonly summaryProviders: UserSummaryProviders = {},
  ) {}

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async createAccount(input: NewAccount): Promise<UserRow> {
    return this.insertAccount(this.db, await this.accountValues(input));
  }

  async signup(
    input: NewAccount,
    rememberMe: boolean,
    origin: SessionOrigin,
  ): Promise<TokenPair & { userType: UserType }> {
    // Counted before hashing: each attempt costs two argon2 hashes, even a duplicate email.
    await this.limiters.signupIp.consume(origin.ip);
    // Hashed before the transaction opens, so it is held only for the two inserts.
    const values = await this.accountValues({ ...input, userType: 'c' });
    // The account and its welcome mail commit together (the mail cannot fail the sign-up).
    const user = await this.db.transaction(async (tx) => {
      const row = await this.insertAccount(tx, values);
      await this.welcome?.sendWithin(tx, row);
      return row;
    });
    const { access, refresh } = await this.sessions.issue(user, rememberMe, origin);
    return { access, refresh, userType: user.userType };
  }

  private async accountValues(input: NewAccount): Promise<typeof users.$inferInsert> {
    const [passwordHash, securityAnswerHash] = await Promise.all([
      hashSecret(input.password),
      hashSecret(normaliseAnswer(input.securityQuestionAnswer)),
    ]);
    return {
      email: input.email.toLowerCase(),
      username: input.username,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      securityQuestion: input.securityQuestion,
      securityAnswerHash,
      userType: input.userType ?? 'c',
      designation: input.designation ?? null,
    };
  }

  private async insertAccount(db: DbOrTransaction, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values(values)
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw conflict('An account with this email already exists');
    return row;
  }

  /** Sign-in for clients and staff. Admins use their own login (spec: /company/admin/login). */
  async signin(
    email: string,
    password: string,
    rememberMe: boolean,
    origin: SessionOrigin,
  ): Promise<SigninResult> {
    const { ip } = origin;
    const limits = this.limiters.signin;
    await limits.attempt(ip);
    await limits.allowed(email, ip);
    const user = await this.findByEmail(email);
    const ok = await this.verifyPassword(user, password);
    if (!user || !ok || user.disabled) {
      await limits.failed(email, ip);
      throw unauthorized(user?.disabled && ok ? 'This account has been disabled' : SIGNIN_FAILED);
    }
    await limits.succeeded(email, ip);
    const step = await this.secondFactor?.begin(user.id, 'signin', { rememberMe });
    if (step) return { secondFactor: step };
    const { access, refresh, accountId } = await this.sessions.issue(user, rememberMe, origin);
    await this.secondFactor?.signedIn(user, accountId, 'password', ip);
    return { access, refresh, userType: user.userType };
  }

  async adminSignin(
    username: string,
    email: string,
    password: string,
    origin: SessionOrigin,
  ): Promise<SigninResult> {
    const { ip } = origin;
    const limits = this.limiters.adminSignin;
    await limits.attempt(ip);
    await limits.allowed(email, ip);
    const user = await this.findByEmail(email);
    const ok = await this.verifyPassword(user, password);
    const isAdmin = user?.userType === 'a' && user.username.toLowerCase() === username.trim().toLowerCase();
    if (!user || !ok || !isAdmin || user.disabled) {
      await limits.failed(email, ip);
      throw unauthorized(ADMIN_SIGNIN_FAILED);
    }
    await limits.succeeded(email, ip);
    const step = await this.secondFactor?.begin(user.id, 'admin-signin');
    if (step) return { secondFactor: step };
    const { access, refresh, accountId } = await this.sessions.issue(user, false, origin);
    await this.secondFactor?.signedIn(user, accountId, 'password', ip);
    return { access, refresh, userType: user.userType };
  }

  /**
   * Step 1 of the forgot-password dialog: the question for this email. An email without an active
   * account gets a decoy question, so the dialog does not tell who has an account.
   */
  async resetQuestion(email: string, ip: string): Promise<string> {
    await this.limiters.reset.attempt(ip);
    const user = await this.findByEmail(email);
    if (!user || user.disabled) return this.decoys.for(email);
    return user.securityQuestion;
  }

  /**
   * Step 2: a correct answer sets the new password and signs every device out. Without an active
   * account it fails like a wrong answer, after the same argon2 verification. A person with a second
   * factor gets its step back instead (nothing changes) and sends step 2 again with a proof.
   */
  async resetPassword(
    email: string,
    answer: string,
    newPassword: string,
    ip: string,
    secondFactor?: { challenge: string; proof: SecondFactorProofInput },
  ): Promise<SecondFactorStep | null> {
    const limits = this.limiters.reset;
    await limits.attempt(ip);
    await limits.allowed(email, ip);
    const user = await this.findByEmail(email);
    const active = user && !user.disabled ? user : null;
    if (!(await this.verifyAnswer(active, answer)) || !active) {
      await limits.failed(email, ip);
      throw badRequest(RESET_WRONG_ANSWER);
    }
    await limits.succeeded(email, ip);
    if (secondFactor && this.secondFactor) {
      await this.secondFactor.complete(secondFactor.challenge, secondFactor.proof, ['reset'], ip, active.id);
    } else {
      const step = await this.secondFactor?.begin(active.id, 'reset');
      if (step) return step;
    }
    await this.setPassword(active.id, newPassword, { owner: active, way: 'reset' });
    await this.sessions.revokeAllForUser(active.id);
    return null;
  }

  /**
   * Sets a new password without the current one and signs every device out: a business owner for
   * one of their agents (who have no usable security question), and the demo logins. The one who
   * set it holds it, so nobody is mailed.
   */
  async replacePassword(userId: string, newPassword: string): Promise<void> {
    await this.setPassword(userId, newPassword);
    await this.sessions.revokeAllForUser(userId);
  }

  async changeName(userId: string, firstName: string, lastName: string): Promise<void> {
    await this.db
      .update(users)
      .set({ firstName, lastName, username: `${firstName} ${lastName}`, updatedAt: this.clock.now() })
      .where(eq(users.id, userId));
    // Signed-in requests carry the name (chat authors): they re-read the account.
    await this.sessions.accountChanged(userId);
  }

  /** Call after disabling or enabling an account: its sessions stop or resume at once. */
  accessChanged(userId: string): Promise<void> {
    return this.sessions.accountChanged(userId);
  }

  async changePassword(
    userId: string,
    currentPassword: string,
    newPassword: string,
    origin?: SessionOrigin,
  ): Promise<TokenPair> {
    const user = await this.requireCurrentPassword(userId, currentPassword);
    await this.setPassword(user.id, newPassword, { owner: user, way: 'settings' });
    // Other devices are signed out; this one continues with a fresh pair.
    await this.sessions.revokeAllForUser(user.id);
    // The new session is this device's: it keeps its browser and address on the Sessions page.
    const { access, refresh } = await this.sessions.issue(user, false, origin);
    return { access, refresh };
  }

  async changeSecurityQuestion(userId: string, currentPassword: string, question: string, answer: string) {
    await this.requireCurrentPassword(userId, currentPassword);
    await this.db
      .update(users)
      .set({
        securityQuestion: question,
        securityAnswerHash: await hashSecret(normaliseAnswer(answer)),
        updatedAt: this.clock.now(),
      })
      .where(eq(users.id, userId));
  }

  /**
   * The profile's summary: the person's own details, and the counters of the account their session
   * acts for (decision 033: a member sees the team's orders and business), as far as the role reaches.
   */
  async information(userId: string, account: ActingAccount | null = null): Promise<UserInformation> {
    const user = await this.findById(userId);
    if (!user) throw notFound('Account not found');
    const providers = this.summaryProviders;
    const reaches = (area: 'projects' | 'business') =>
      account ? roleAllows(account.role, area, 'read') : true;
    const accountId = account?.id ?? userId;
    const [hasBusinessAccount, customerService, orders, projects] = await Promise.all([
      reaches('business') ? (providers.hasBusinessAccount?.(accountId) ?? false) : false,
      providers.customerService?.({ id: userId, userType: user.userType }) ?? false,
      (reaches('projects') ? providers.orderCounts?.(accountId) : undefined) ?? {
        completedOrders: 0,
        maxOrders: 0,
      },
      (reaches('projects') ? providers.projectCounts?.(accountId) : undefined) ?? {
        completedProjects: 0,
        maxProjects: 0,
      },
    ]);
    return {
      hasBusinessAccount,
      customerService,
      userType: user.userType,
      accountInformation: {
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        email: user.email,
      },
      orderInformation: orders,
      projectInformation: projects,
    };
  }

  /** Active (not disabled) accounts per type, from the trigger-kept counts (decision 026): no row is read. */
  async countByType(): Promise<Record<UserType, number>> {
    const counts = await tableCounts(this.db, ['users:a', 'users:c', 'users:e']);
    return { a: counts['users:a'], c: counts['users:c'], e: counts['users:e'] };
  }

  private async requireCurrentPassword(userId: string, password: string): Promise<UserRow> {
    const user = await this.findById(userId);
    if (!user || !(await verifySecret(user.passwordHash, password))) {
      throw badRequest('The current password is incorrect');
    }
    return user;
  }

  /**
   * `notice`: the owner changed it themselves; the mail telling them commits with the new password,
   * so there is never a changed password nobody was told about.
   */
  private async setPassword(
    userId: string,
    password: string,
    notice?: { owner: UserRow; way: PasswordChangeWay },
  ): Promise<void> {
    // Hashed before the transaction opens, so it is held only for the two writes.
    const passwordHash = await hashSecret(password);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      if (notice) await this.passwordMail?.sendWithin(tx, notice.owner, notice.way, now);
    });
  }

  private async verifyPassword(user: UserRow | null, password: string): Promise<boolean> {
    if (user) return verifySecret(user.passwordHash, password);
    await verifySecret(await this.dummy(), password);
    return false;
  }

  private async verifyAnswer(user: UserRow | null, answer: string): Promise<boolean> {
    if (user) return verifySecret(user.securityAnswerHash, normaliseAnswer(answer));
    await verifySecret(await this.dummy(), normaliseAnswer(answer));
    return false;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashSecret('not-a-real-secret');
    return this.dummyHash;
  }
}
