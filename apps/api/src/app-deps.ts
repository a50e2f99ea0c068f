import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AuditTrail } from './platform/audit/audit-trail.js';
import type { AuthGuards } from './platform/auth/guard.js';
import type { TokenService } from './platform/auth/tokens.js';
import type { Clock } from './platform/clock.js';
import type { EventBus } from './platform/events/index.js';
import type { HealthChecks } from './platform/health/health-checks.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { MailDigests } from './platform/mail/mail-digests.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { Metrics } from './platform/metrics/registry.js';
import type { RateLimiterFactory } from './platform/rate-limit/limiter.js';
import type { SecretBox } from './platform/secrets/secret-box.js';
import type { FileAccessPolicies } from './platform/storage/access.js';
import type { Storage } from './platform/storage/storage.js';
import type { AccountsPort } from './ports/accounts.js';
import type { CatalogPort } from './ports/catalog.js';
import type { NotificationsPort } from './ports/notifications.js';
import type { ProjectsPort } from './ports/projects.js';

/**
 * Everything a feature's routes may use; built once in createDeps() and passed to buildApp(). It
 * sits below the features (docs/architecture.md): platform services, and each feature that others
 * use only as its port (ports/), never a feature's own type. A feature's whole service and its
 * settings reach that feature alone, through FeatureWiring in featureRoutes().
 */
export interface AppDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  clock: Clock;
  tokens: TokenService;
  guards: AuthGuards;
  rateLimiters: RateLimiterFactory;
  /** Dependency checks behind GET /readyz; register one for each dependency a feature adds. */
  health: HealthChecks;
  /** Background work on the application's database (pg-boss); features define jobs at registration. */
  jobs: JobQueue;
  mailer: Mailer;
  /** Prometheus counters (decision 040); every method is a no-op with METRICS=off. */
  metrics: Metrics;
  /** Notices collapsed into one mail per recipient and subject (decision 018). */
  mailDigests: MailDigests;
  /** Encrypts webhook signing secrets at rest (key: WEBHOOK_SECRET_KEY, else the JWT secret). */
  webhookSecrets: SecretBox;
  storage: Storage;
  fileAccess: FileAccessPolicies;
  /** Real-time fan-out across instances (chat). */
  events: EventBus;
  /** The account audit trail: member and security events (decision 033). */
  audit: AuditTrail;
  /** Accounts as other features use them: find, create, replace a password, the summary's providers. */
  accounts: AccountsPort;
  /** Orders and projects as other features use them: room access and lists (chat), a client's orders. */
  projects: ProjectsPort;
  /** SaaS products, plans and subscriptions as the Key Manager and billing use them. */
  catalog: CatalogPort;
  /** The notification centre: `notify` in the change's transaction; the chat socket `watch`es (decision 034). */
  notifications: NotificationsPort;
}
