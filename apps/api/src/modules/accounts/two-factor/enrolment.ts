import type { Passkey, PasskeyAttestation, SecurityStatus } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../../db/client.js';
import { passkeys, users } from '../../../db/schema/index.js';
import type { AuditEntry, AuditTrail } from '../../../platform/audit/audit-trail.js';
import type { AuthUser } from '../../../platform/auth/auth-user.js';
import { verifySecret } from '../../../platform/auth/passwords.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.js';
import type { RateLimiter } from '../../../platform/rate-limit/limiter.js';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';
import type { ChallengeStore } from './challenges.js';
import type { FactorStore, PasskeyRow } from './factor-store.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import { type SecondFactorGate, secondFactorInvalid } from './second-factor.js';
import { matchingStep, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp.js';
import type { TwoFactorChange, TwoFactorMailer } from './two-factor-mail.js';
import { type RelyingParty, registrationOptions, verifyRegistration } from './webauthn.js';

export interface EnrolmentDeps {
  db: Db;
  clock: Clock;
  factors: FactorStore;
  challenges: ChallengeStore;
  gate: SecondFactorGate;
  totpSecrets: SecretBox;
  rp: RelyingParty;
  audit: AuditTrail;
  mail: TwoFactorMailer;
  /** Tells every instance's guard to re-read the person (their `hasSecondFactor` changed). */
  userChanged(userId: string): Promise<void>;
  /** The company requires a second factor of staff and admins (STAFF_TWO_FACTOR). */
  staffRequired: boolean;
  /**
   * Wrong passwords and codes per person (`ENROLMENT_FAILURES`): a stolen session cannot guess its
   * way to turning the app off or to new recovery codes.
   */
  failures: RateLimiter;
}

/** Wrong passwords or codes one person may give Security per 15 minutes before a 429. */
export const ENROLMENT_FAILURES = {
  name: 'two-factor-enrolment-failures',
  points: 10,
  durationSeconds: 15 * 60,
};

/** Who is changing their factors, for the audit trail: the session's account, else their own. */
export interface Requester {
  user: AuthUser;
  ip: string;
}

const PASSKEY_REGISTRATION_SECONDS = 5 * 60;

const passkeyOf = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** Profile → Security: the authenticator app, recovery codes and passkeys of the signed-in person. */
export class TwoFactorEnrolment {
  constructor(private readonly deps: EnrolmentDeps) {}

  async status(user: AuthUser): Promise<SecurityStatus> {
    const { factors } = this.deps;
    const [totp, keys, codesLeft] = await Promise.all([
      factors.totpOf(user.id),
      factors.passkeysOf(user.id),
      factors.recoveryCodesLeft(user.id),
    ]);
    return {
      totpEnabled: Boolean(totp?.confirmedAt),
      recoveryCodesLeft: codesLeft,
      passkeys: keys.map(passkeyOf),
      requiredBySite: this.deps.staffRequired && user.role !== 'client',
      account: user.account,
    };
  }

  /** A new secret and its QR code; the app counts only once a first code confirms it. */
  async setupTotp(user: AuthUser, brandName: string) {
    const existing = await this.deps.factors.totpOf(user.id);
    if (existing?.confirmedAt) throw conflict('An authenticator app is already set up; turn it off first');
    const secret = newTotpSecret();
    await this.deps.factors.putPendingTotp(user.id, this.deps.totpSecrets.seal(secret, user.id));
    const url = otpauthUrl(secret, brandName, user.email);
    return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
  }

  /** The first code proves the app works: it is on, and ten recovery codes are made (shown once). */
  async confirmTotp(who: Requester, code: string): Promise<string[]> {
    const { factors, totpSecrets, clock } = this.deps;
    const factor = await factors.totpOf(who.user.id);
    if (!factor) throw badRequest('Start the set-up first: scan the QR code, then enter a code');
    if (factor.confirmedAt) throw conflict('The authenticator app is already set up');
    await this.deps.failures.check(who.user.id);
    const step = matchingStep(totpSecrets.open(factor.secretCiphertext, who.user.id), code, clock.now());
    if (step === null) {
      await this.deps.failures.take(who.user.id);
      throw badRequest('That code is not right; check the time on your phone and try again', 'code');
    }
    const codes = newRecoveryCodes();
    await this.change(who, 'totp-enabled', 'two_factor.enabled', { method: 'totp' }, async (tx) => {
      if (!(await factors.claimTotpStep(who.user.id, step, tx, true))) {
        throw badRequest('That code was already used; wait for the next one', 'code');
      }
      await factors.replaceRecoveryCodes(tx, who.user.id, codes.map(recoveryCodeHash));
    });
    return codes;
  }

  /** Turns the app off with the current password or a code from it; its recovery codes go too. */
  async disableTotp(who: Requester, proof: { password: string } | { code: string }): Promise<void> {
    const { factors } = this.deps;
    const factor = await factors.totpOf(who.user.id);
    if (!factor?.confirmedAt) throw badRequest('No authenticator app is set up');
    if ('password' in proof) await this.requirePassword(who.user.id, proof.password);
    else {
      await this.deps.failures.check(who.user.id);
      if (!(await this.deps.gate.takeTotpCode(who.user.id, proof.code))) {
        await this.deps.failures.take(who.user.id);
        throw secondFactorInvalid();
      }
    }
    const keepCodes = (await factors.passkeysOf(who.user.id)).length > 0;
    await this.change(who, 'totp-disabled', 'two_factor.disabled', { method: 'totp' }, async (tx) => {
      await factors.deleteTotp(tx, who.user.id);
      if (!keepCodes) await factors.replaceRecoveryCodes(tx, who.user.id, []);
    });
  }

  /** New recovery codes (the old ones stop working), after the current password. */
  async regenerateRecoveryCodes(who: Requester, password: string): Promise<string[]> {
    await this.requirePassword(who.user.id, password);
    const { methods, passkeyCount } = await this.deps.gate.methodsOf(who.user.id);
    if (!methods.includes('totp') && passkeyCount === 0) {
      throw badRequest('Set up an authenticator app or a passkey first');
    }
    const codes = newRecoveryCodes();
    await this.change(who, 'recovery-codes', 'recovery_codes.regenerated', {}, (tx) =>
      this.deps.factors.replaceRecoveryCodes(tx, who.user.id, codes.map(recoveryCodeHash)),
    );
    return codes;
  }

  async passkeyOptions(user: AuthUser) {
    const { factors, challenges, rp } = this.deps;
    const options = await registrationOptions(rp, user, await factors.passkeysOf(user.id));
    await challenges.openForUser(user.id, 'passkey-register', PASSKEY_REGISTRATION_SECONDS, {
      webauthn: options.challenge,
    });
    return options;
  }

  /**
   * Verifies the browser's new credential against the person's open registration challenge and keeps
   * it. A person with no recovery codes yet gets a set (returned once), so losing the device is not
   * the end of the account.
   */
  async addPasskey(
    who: Requester,
    name: string,
    attestation: PasskeyAttestation,
  ): Promise<{ passkey: Passkey; recoveryCodes: string[] }> {
    const { challenges, factors, rp } = this.deps;
    const pending = await challenges.takeForUser(who.user.id, 'passkey-register');
    if (!pending?.webauthn) throw badRequest('The passkey set-up expired; start again');
    const credential = await verifyRegistration(rp, pending.webauthn, attestation);
    if (!credential) throw badRequest('The passkey could not be verified; try again');
    const codes = (await factors.recoveryCodesLeft(who.user.id)) === 0 ? newRecoveryCodes() : [];
    const row = await this.change(
      who,
      'passkey-added',
      'passkey.added',
      { name },
      async (tx) => {
        const [inserted] = await tx
          .insert(passkeys)
          .values({ userId: who.user.id, name, createdAt: this.deps.clock.now(), ...credential })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        if (!inserted) throw conflict('This passkey is already registered');
        if (codes.length > 0)
          await factors.replaceRecoveryCodes(tx, who.user.id, codes.map(recoveryCodeHash));
        return inserted;
      },
      name,
    );
    return { passkey: passkeyOf(row), recoveryCodes: codes };
  }

  async renamePasskey(user: AuthUser, id: string, name: string): Promise<Passkey> {
    const [row] = await this.deps.db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning();
    if (!row) throw notFound('No such passkey');
    return passkeyOf(row);
  }

  async removePasskey(who: Requester, id: string): Promise<void> {
    const [row] = await this.deps.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, who.user.id)))
      .limit(1);
    if (!row) throw notFound('No such passkey');
    const { factors } = this.deps;
    const keepCodes =
      Boolean((await factors.totpOf(who.user.id))?.confirmedAt) ||
      (await factors.passkeysOf(who.user.id)).length > 1;
    await this.change(
      who,
      'passkey-removed',
      'passkey.removed',
      { name: row.name },
      async (tx) => {
        await tx.delete(passkeys).where(eq(passkeys.id, row.id));
        if (!keepCodes) await factors.replaceRecoveryCodes(tx, who.user.id, []);
      },
      row.name,
    );
  }

  /**
   * One change of the person's factors: the change, its audit event and the mail commit together;
   * then every instance's guard re-reads the person.
   */
  private async change<T>(
    who: Requester,
    mailChange: TwoFactorChange,
    action: AuditEntry['action'],
    detail: Record<string, unknown>,
    write: (tx: DbTransaction) => Promise<T>,
    mailDetail?: string,
  ): Promise<T> {
    const { user } = who;
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction(async (tx) => {
      const value = await write(tx);
      await this.deps.audit.record(
        {
          accountId: user.account?.id ?? user.id,
          actor: user,
          action,
          target: user.email,
          detail,
          ip: who.ip,
        },
        tx,
      );
      await this.deps.mail.sendWithin(tx, user, mailChange, now, mailDetail);
      return value;
    });
    await this.deps.userChanged(user.id);
    return result;
  }

  private async requirePassword(userId: string, password: string): Promise<void> {
    await this.deps.failures.check(userId);
    const [row] = await this.deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row || !(await verifySecret(row.passwordHash, password))) {
      await this.deps.failures.take(userId);
      throw badRequest('The current password is incorrect', 'password');
    }
  }
}
