import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps.js';
import { type Config, publicUrl } from './config.js';
import type { Database } from './db/client.js';
import { DecoyQuestions } from './modules/accounts/decoy-question.js';
import {
  type AuthLimitSettings,
  createAuthLimiters,
  DEFAULT_AUTH_LIMITS,
} from './modules/accounts/limits.js';
import { createPasswordChangeMailer } from './modules/accounts/password-mail.js';
import { AccountService } from './modules/accounts/service.js';
import { SessionService } from './modules/accounts/sessions.js';
import { createTwoFactor } from './modules/accounts/two-factor/wiring.js';
import { createWelcomeMailer } from './modules/accounts/welcome-mail.js';
import { CatalogService } from './modules/catalog/service.js';
import { type ChatSocketLimits, DEFAULT_CHAT_SOCKET_LIMITS } from './modules/chat/limits.js';
import type { FeatureWiring } from './modules/index.js';
import { NotificationCentre } from './modules/notifications/index.js';
import { ProjectService } from './modules/projects/service.js';
import { wireProjects } from './modules/projects/wiring.js';
import { AuditTrail } from './platform/audit/audit-trail.js';
import { createAuthGuards } from './platform/auth/guard.js';
import { AuthSessionCache } from './platform/auth/session-cache.js';
import { createTokenService } from './platform/auth/tokens.js';
import { type Clock, systemClock } from './platform/clock.js';
import { createEventBus } from './platform/events/index.js';
import { HealthChecks } from './platform/health/health-checks.js';
import { JobQueue } from './platform/jobs/job-queue.js';
import { defineMailDelivery } from './platform/mail/mail-delivery.js';
import { MailDigests } from './platform/mail/mail-digests.js';
import { createMailer } from './platform/mail/mailer.js';
import { createMetrics } from './platform/metrics/registry.js';
import { createRateLimiterFactory } from './platform/rate-limit/limiter.js';
import { RedisConnection } from './platform/redis/redis-connection.js';
import { SecretBox } from './platform/secrets/secret-box.js';
import { FileAccessPolicies } from './platform/storage/access.js';
import { openBlobStore, uploadsDirOf } from './platform/storage/open-blob-store.js';
import { createStorage } from './platform/storage/storage.js';

export interface DepsOptions {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  jwtSecret: string;
  clock?: Clock;
  authLimits?: AuthLimitSettings;
  chatSocketLimits?: Partial<ChatSocketLimits>;
}

/**
 * What the composition root holds: AppDeps, where features that others use appear as their ports,
 * and each feature's own whole service and settings (FeatureWiring), which modules/index.ts hands to
 * that feature alone. The install steps and tests use it too.
 */
export type RootDeps = AppDeps & FeatureWiring;

/** Wires the platform services once; tests call this with their own clock and limits. */
export function createDeps(options: DepsOptions): RootDeps & { dispose(): Promise<void> } {
  const { config, database, log } = options;
  const clock = options.clock ?? systemClock;
  const db = database.db;
  const redis = config.REDIS_URL ? new RedisConnection(config.REDIS_URL, log) : undefined;
  const rateLimiters = createRateLimiterFactory(redis);
  const metrics = createMetrics({ enabled: config.METRICS === 'on', commit: config.GIT_COMMIT });
  const health = new HealthChecks({ log });
  // Without the database nothing works: the one critical check. Redis only accelerates.
  health.register('database', { critical: true, check: () => database.ping() });
  if (redis) health.register('redis', { critical: false, timeoutMs: 300, check: () => redis.ping() });
  const jobs = new JobQueue({
    executor: database.jobExecutor,
    log,
    pollSeconds: config.JOBS_POLL_SECONDS,
    runWorkers: config.JOBS_RUN_WORKERS,
    runSchedules: config.JOBS_RUN_SCHEDULES,
    schema: config.JOBS_SCHEMA,
    keepFailedDays: config.JOBS_KEEP_FAILED_DAYS,
  });
  health.register('queue', { critical: false, check: () => jobs.ping() });
  const blobs = openBlobStore(config);
  // A bucket that does not answer: uploads and downloads fail with a 503, the rest still serves.
  if (blobs.kind === 's3')
    health.register('storage', { critical: false, timeoutMs: 1_000, check: () => blobs.ping() });
  if (!config.SMTP_URL) {
    log.info(
      `No SMTP_URL: mail is not sent but kept in the outbox; read it in the admin panel at ${publicUrl(config)}/company/admin?section=mail`,
    );
  }
  if (config.SMTP_URL) {
    const delivery = defineMailDelivery(
      jobs,
      { db, log, clock, metrics },
      {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM ?? `${config.BRAND_NAME} <${config.CONTACT_EMAIL}>`,
        timeoutMs: config.SMTP_TIMEOUT_MS,
        retryLimit: config.MAIL_RETRY_LIMIT,
        retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
      },
    );
    health.register('smtp', { critical: false, timeoutMs: 2_000, check: () => delivery.verify() });
  }
  const tokens = createTokenService(options.jwtSecret, clock);
  const events = createEventBus(database, log);
  const authSessions = new AuthSessionCache(db, events, log);
  const sessions = new SessionService(db, tokens, clock, authSessions);
  const limiters = createAuthLimiters(
    rateLimiters,
    options.authLimits ?? { ...DEFAULT_AUTH_LIMITS, signupsPerIp: config.SIGNUPS_PER_IP_PER_HOUR },
  );
  const fileAccess = new FileAccessPolicies();
  const mailer = createMailer({
    db,
    log,
    jobs,
    smtp: Boolean(config.SMTP_URL),
    brandName: config.BRAND_NAME,
  });
  const mailDigests = new MailDigests({ db, jobs, mailer, log }, config.MAIL_DIGEST_SECONDS);
  const welcome = createWelcomeMailer({
    mailer,
    brandName: config.BRAND_NAME,
    publicUrl: publicUrl(config),
    log,
    clock,
  });
  const audit = new AuditTrail(db, log);
  const accounts = new AccountService(
    db,
    sessions,
    limiters,
    clock,
    new DecoyQuestions(options.jwtSecret),
    welcome,
    createPasswordChangeMailer({
      mailer,
      brandName: config.BRAND_NAME,
      publicUrl: publicUrl(config),
      contactEmail: config.CONTACT_EMAIL,
      audit,
    }),
  );
  const twoFactor = createTwoFactor({
    db,
    clock,
    config,
    jwtSecret: options.jwtSecret,
    limiters,
    rateLimiters,
    audit,
    mailer,
    sessions,
    log,
  });
  accounts.secondFactor = twoFactor.gate;
  const notifications = new NotificationCentre({
    db,
    clock,
    events,
    jobs,
    mailDigests,
    log,
    brandName: config.BRAND_NAME,
    publicUrl: publicUrl(config),
  });
  const projects = new ProjectService(db);
  wireProjects(projects, fileAccess, accounts.summaryProviders);
  return {
    config,
    database,
    log,
    clock,
    tokens,
    guards: createAuthGuards(tokens, authSessions, { staffTwoFactor: config.STAFF_TWO_FACTOR }),
    rateLimiters,
    health,
    jobs,
    mailer,
    metrics,
    mailDigests,
    webhookSecrets: new SecretBox(config.WEBHOOK_SECRET_KEY ?? options.jwtSecret),
    storage: createStorage({ db, blobs, stagingDir: path.join(uploadsDirOf(config), '.tmp'), log }),
    fileAccess,
    events,
    audit,
    sessions,
    accounts,
    twoFactor,
    projects,
    catalog: new CatalogService(db, clock),
    notifications,
    chatSocketLimits: { ...DEFAULT_CHAT_SOCKET_LIMITS, ...options.chatSocketLimits },
    async dispose() {
      await jobs.stop();
      notifications.close();
      authSessions.close();
      await events.close();
      await redis?.close();
      blobs.destroy();
    },
  };
}
