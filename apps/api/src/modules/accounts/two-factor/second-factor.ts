import {
  SECOND_FACTOR_EXPIRED_MESSAGE,
  SECOND_FACTOR_INVALID_MESSAGE,
  SECOND_FACTOR_MAX_ATTEMPTS,
  SECOND_FACTOR_TTL_SECONDS,
  type SecondFactorMethod,
  type SecondFactorStep,
  type ZSecondFactorProof,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { type UserRow, users } from '../../../db/schema/index.js';
import type { AuditTrail } from '../../../platform/audit/audit-trail.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/errors.js';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';
import type { AuthLimiters, CredentialLimits } from '../limits.js';
import type { ChallengeData, ChallengeStore } from './challenges.js';
import type { FactorStore } from './factor-store.js';
import { recoveryCodeHash } from './recovery-codes.js';
import { matchingStep } from './totp.js';
import { authenticationOptions, type RelyingParty, verifyAssertion } from './webauthn.js';

/** The steps a second factor guards: a client's or staff member's sign-in, the admin login, the reset. */
export type SecondStepPurpose = 'signin' | 'admin-signin' | 'reset';
export type SecondFactorProofInput = z.output<typeof ZSecondFactorProof>;

export interface SecondFactorDeps {
  db: Db;
  clock: Clock;
  factors: FactorStore;
  challenges: ChallengeStore;
  /** Seals TOTP secrets (bound to the user id). */
  totpSecrets: SecretBox;
  rp: RelyingParty;
  limiters: AuthLimiters;
  audit: AuditTrail;
  log: FastifyBaseLogger;
}

export const secondFactorInvalid = (message = SECOND_FACTOR_INVALID_MESSAGE) =>
  new AppError(401, message, {}, undefined, undefined, 'second_factor_invalid');
/** The step is spent, expired or out of attempts (or never was): start again with the password. */
const secondFactorRequired = () =>
  new AppError(401, SECOND_FACTOR_EXPIRED_MESSAGE, {}, undefined, undefined, 'second_factor_required');

/**
 * The second step of signing in (and of the security-question reset) for a person with a second
 * factor: `begin` opens a one-use, short-lived challenge after the password (or answer) was right;
 * `complete` checks a proof against it, counting attempts per challenge and failures like wrong
 * passwords (limits.ts), and spends it.
 */
export class SecondFactorGate {
  constructor(private readonly deps: SecondFactorDeps) {}

  /** The methods the person can use now; empty when they have no second factor. */
  async methodsOf(userId: string): Promise<{ methods: SecondFactorMethod[]; passkeyCount: number }> {
    const { factors } = this.deps;
    const [totp, keys, codesLeft] = await Promise.all([
      factors.totpOf(userId),
      factors.passkeysOf(userId),
      factors.recoveryCodesLeft(userId),
    ]);
    const methods: SecondFactorMethod[] = [];
    if (totp?.confirmedAt) methods.push('totp');
    if ((totp?.confirmedAt || keys.length > 0) && codesLeft > 0) methods.push('recovery');
    if (keys.length > 0) methods.push('passkey');
    return { methods, passkeyCount: keys.length };
  }

  /** The step to hand out instead of tokens, or null when the person has no second factor. */
  async begin(
    userId: string,
    purpose: SecondStepPurpose,
    data: ChallengeData = {},
  ): Promise<SecondFactorStep | null> {
    const { methods, passkeyCount } = await this.methodsOf(userId);
    if (!methods.includes('totp') && passkeyCount === 0) return null;
    const passkeyOptions =
      passkeyCount > 0
        ? await authenticationOptions(this.deps.rp, await this.deps.factors.passkeysOf(userId))
        : undefined;
    const challenge = await this.deps.challenges.open(userId, purpose, SECOND_FACTOR_TTL_SECONDS, {
      ...data,
      ...(passkeyOptions ? { webauthn: passkeyOptions.challenge } : {}),
    });
    return { challenge, methods, ...(passkeyOptions ? { passkeyOptions } : {}) };
  }

  /**
   * Checks the proof against the open challenge `token` of one of `purposes` (and of `userId` when
   * given) and spends it. Throws 401 `second_factor_invalid` for a wrong proof, 401
   * `second_factor_required` for a challenge that is unknown, spent, expired or out of attempts (a new
   * one takes the password again), and 429 when the person's failures are over the limits.
   */
  async complete(
    token: string,
    proof: SecondFactorProofInput,
    purposes: SecondStepPurpose[],
    ip: string,
    userId?: string,
  ): Promise<{ user: UserRow; data: ChallengeData }> {
    const { challenges } = this.deps;
    const challenge = await challenges.find(token);
    const purpose = challenge?.purpose as SecondStepPurpose | undefined;
    if (!challenge || !purpose || !purposes.includes(purpose) || (userId && challenge.userId !== userId)) {
      throw secondFactorRequired();
    }
    const [user] = await this.deps.db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
    if (!user || user.disabled) throw secondFactorRequired();
    const limits = this.limitsOf(purpose);
    await limits.attempt(ip);
    await limits.allowed(user.email, ip);
    if (!(await challenges.claimAttempt(challenge.id, SECOND_FACTOR_MAX_ATTEMPTS))) {
      throw secondFactorRequired();
    }
    if (!(await this.proves(user.id, proof, challenge.data))) {
      await limits.failed(user.email, ip);
      await this.deps.audit.recordQuietly({
        accountId: user.id,
        actor: user,
        action: 'sign_in.failed_second_factor',
        detail: { method: proof.method, step: purpose },
        ip,
      });
      throw secondFactorInvalid(
        proof.method === 'recovery'
          ? 'That recovery code is not right, or it was already used'
          : proof.method === 'passkey'
            ? 'The passkey could not be verified; try again or use a code'
            : SECOND_FACTOR_INVALID_MESSAGE,
      );
    }
    if (!(await challenges.spend(challenge.id))) throw secondFactorRequired();
    await limits.succeeded(user.email, ip);
    return { user, data: challenge.data };
  }

  /**
   * Records a completed sign-in (`sign_in`, with how) on the trail of the account the new session
   * acts for (`accountId`, from SessionService.issue: the person's own account while they are a
   * member of it, else the one they joined first), so that account's owners and admins see who
   * entered it; a person who belongs to no account has no trail to write it in. A failed write is
   * logged, never the sign-in's failure.
   */
  async signedIn(
    user: UserRow,
    accountId: string | null,
    method: SecondFactorMethod | 'password',
    ip: string,
  ): Promise<void> {
    if (!accountId) return;
    await this.deps.audit.recordQuietly({
      accountId,
      actor: user,
      action: 'sign_in',
      detail: { method },
      ip,
    });
  }

  /** A code from the person's confirmed app, taken (good once); false when it is wrong or used. */
  async takeTotpCode(userId: string, code: string): Promise<boolean> {
    const factor = await this.deps.factors.totpOf(userId);
    if (!factor?.confirmedAt) return false;
    const secret = this.openSecret(factor.secretCiphertext, userId);
    if (secret === null) return false;
    const step = matchingStep(secret, code, this.deps.clock.now());
    return step !== null && this.deps.factors.claimTotpStep(userId, step);
  }

  /**
   * The app's secret, or null when the key material changed since it was sealed (TWO_FACTOR_SECRET_KEY
   * or, without it, JWT_SECRET): such an app no longer proves anything; recovery codes and passkeys do.
   */
  private openSecret(sealed: string, userId: string): string | null {
    try {
      return this.deps.totpSecrets.open(sealed, userId);
    } catch (error) {
      this.deps.log.warn({ err: error, userId }, 'a TOTP secret could not be opened (key material changed?)');
      return null;
    }
  }

  private async proves(userId: string, proof: SecondFactorProofInput, data: ChallengeData): Promise<boolean> {
    const { factors } = this.deps;
    switch (proof.method) {
      case 'totp':
        return this.takeTotpCode(userId, proof.code);
      case 'recovery':
        return factors.useRecoveryCode(userId, recoveryCodeHash(proof.code));
      case 'passkey': {
        if (!data.webauthn) return false;
        const key = await factors.passkeyByCredential(userId, proof.assertion.id);
        if (!key) return false;
        const counter = await verifyAssertion(this.deps.rp, data.webauthn, proof.assertion, key);
        if (counter === null) return false;
        await factors.passkeyUsed(key.id, counter);
        return true;
      }
    }
  }

  private limitsOf(purpose: SecondStepPurpose): CredentialLimits {
    const { limiters } = this.deps;
    return purpose === 'admin-signin'
      ? limiters.adminSignin
      : purpose === 'reset'
        ? limiters.reset
        : limiters.signin;
  }
}
