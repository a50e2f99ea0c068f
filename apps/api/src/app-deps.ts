import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AccountService } from './modules/accounts/service.js';
import type { SessionService } from './modules/accounts/sessions.js';
import type { CatalogService } from './modules/catalog/service.js';
import type { ChatSocketLimits } from './modules/chat/limits.js';
import type { SecretBox } from './modules/key-manager/webhooks/secret-box.js';
import type { ProjectService } from './modules/projects/service.js';
import type { AuthGuards } from './platform/auth/guard.js';
import type { TokenService } from './platform/auth/tokens.js';
import type { Clock } from './platform/clock.js';
import type { EventBus } from './platform/events/index.js';
import type { HealthChecks } from './platform/health/health-checks.js';
import type { JobQueue } from './platform/jobs/job-queue.js';
import type { MailDigests } from './platform/mail/mail-digests.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { RateLimiterFactory } from './platform/rate-limit/limiter.js';
import type { FileAccessPolicies } from './platform/storage/access.js';
import type { Storage } from './platform/storage/storage.js';

/** Everything a feature's routes may use; built once in createDeps() and passed to buildApp(). */
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
  /** Notices collapsed into one mail per recipient and subject (decision 018). */
  mailDigests: MailDigests;
  /** Encrypts webhook signing secrets at rest (key: WEBHOOK_SECRET_KEY, else the JWT secret). */
  webhookSecrets: SecretBox;
  storage: Storage;
  fileAccess: FileAccessPolicies;
  /** Real-time fan-out across instances (chat). */
  events: EventBus;
  sessions: SessionService;
  accounts: AccountService;
  /** Orders and projects; canAccessProject / orderRooms / staffOrderRooms serve the chat feature. */
  projects: ProjectService;
  /** SaaS products, plans and subscriptions (Key Manager plans; billing extends it). */
  catalog: CatalogService;
  /** WebSocket abuse limits (defaults in modules/chat/limits.ts; tests lower them). */
  chatSocketLimits: ChatSocketLimits;
}
