import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicUrl } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { AuditTrail } from '../../../platform/audit/audit-trail.js';
import type { Clock } from '../../../platform/clock.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import type { RateLimiterFactory } from '../../../platform/rate-limit/limiter.js';
import { SecretBox } from '../../../platform/secrets/secret-box.js';
import type { AuthLimiters } from '../limits.js';
import type { SessionService } from '../sessions.js';
import { ChallengeStore } from './challenges.js';
import { ENROLMENT_FAILURES, TwoFactorEnrolment } from './enrolment.js';
import { FactorStore } from './factor-store.js';
import { SecondFactorGate } from './second-factor.js';
import { createTwoFactorMailer } from './two-factor-mail.js';
import { type RelyingParty, relyingPartyOf } from './webauthn.js';

/** Two-factor sign-in as the accounts feature uses it: the sign-in gate and Profile → Security. */
export interface TwoFactor {
  gate: SecondFactorGate;
  enrolment: TwoFactorEnrolment;
  rp: RelyingParty;
  /** Whether the company requires a second factor of staff and admins (STAFF_TWO_FACTOR). */
  staffRequired: boolean;
}

export function createTwoFactor(options: {
  db: Db;
  clock: Clock;
  config: Config;
  /** The install's JWT secret: the TOTP secrets' key material when TWO_FACTOR_SECRET_KEY is unset. */
  jwtSecret: string;
  limiters: AuthLimiters;
  rateLimiters: RateLimiterFactory;
  audit: AuditTrail;
  mailer: Mailer;
  sessions: SessionService;
  log: FastifyBaseLogger;
}): TwoFactor {
  const { db, clock, config, audit } = options;
  const factors = new FactorStore(db, clock);
  const challenges = new ChallengeStore(db, clock);
  const totpSecrets = new SecretBox(config.TWO_FACTOR_SECRET_KEY ?? options.jwtSecret, {
    salt: 'northwind-two-factor',
    info: 'totp secret v1',
  });
  const rp = relyingPartyOf(config);
  const gate = new SecondFactorGate({
    db,
    clock,
    factors,
    challenges,
    totpSecrets,
    rp,
    limiters: options.limiters,
    audit,
    log: options.log,
  });
  const staffRequired = config.STAFF_TWO_FACTOR === 'required';
  const enrolment = new TwoFactorEnrolment({
    db,
    clock,
    factors,
    challenges,
    gate,
    totpSecrets,
    rp,
    audit,
    mail: createTwoFactorMailer({
      mailer: options.mailer,
      brandName: config.BRAND_NAME,
      publicUrl: publicUrl(config),
      contactEmail: config.CONTACT_EMAIL,
    }),
    userChanged: (userId) => options.sessions.accountChanged(userId),
    staffRequired,
    failures: options.rateLimiters(ENROLMENT_FAILURES),
  });
  return { gate, enrolment, rp, staffRequired };
}
