import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { accountRoutes } from './accounts/routes.js';
import type { AccountService } from './accounts/service.js';
import { sessionRoutes } from './accounts/session-routes.js';
import type { SessionService } from './accounts/sessions.js';
import { twoFactorRoutes } from './accounts/two-factor/routes.js';
import type { TwoFactor } from './accounts/two-factor/wiring.js';
import { verificationRoutes } from './accounts/verification-routes.js';
import { adminRoutes } from './admin/routes.js';
import { adminUserRoutes } from './admin-users/routes.js';
import { billingFeature } from './billing/index.js';
import { businessFeature } from './business/index.js';
import { catalogFeature } from './catalog/index.js';
import type { CatalogService } from './catalog/service.js';
import type { ChatSocketLimits } from './chat/limits.js';
import { chatRoutes } from './chat/routes.js';
import { keyManagerRoutes } from './key-manager/index.js';
import { licenseePortalFeature } from './licensee-portal/index.js';
import { mediaRoutes } from './media/routes.js';
import { type NotificationCentre, notificationRoutes } from './notifications/index.js';
import { operationsRoutes } from './operations/routes.js';
import { projectFeatureRoutes } from './projects/index.js';
import type { ProjectService } from './projects/service.js';
import { siteRoutes } from './site/routes.js';
import { fileRoutes } from './system/file-routes.js';
import { systemRoutes } from './system/routes.js';
import { teamsFeature } from './teams/index.js';

/**
 * What the composition root (createDeps()) hands a feature of its own, beside AppDeps: its whole
 * service and its settings. Other features see such a service only as its port on AppDeps (ports/),
 * so only the owner's routes get it, here.
 */
export interface FeatureWiring {
  /** The accounts feature's own: sign-up, sign-in, settings and the sessions they open. */
  accounts: AccountService;
  sessions: SessionService;
  /** Two-factor sign-in: the second step, Profile → Security, an account's rule for members. */
  twoFactor: TwoFactor;
  projects: ProjectService;
  catalog: CatalogService;
  /** The notification centre's inbox and preferences (others see its port, `notify`). */
  notifications: NotificationCentre;
  /** WebSocket abuse limits (defaults in chat/limits.ts; tests lower them). */
  chatSocketLimits: ChatSocketLimits;
}

/**
 * Every feature's routes, registered in this order by buildApp(). A new feature adds one line.
 * A feature may also register file-access policies and user-summary providers here (see `setup`).
 */
export function featureRoutes(deps: AppDeps & FeatureWiring): FastifyPluginAsyncZod[] {
  return [
    systemRoutes(deps),
    fileRoutes(deps),
    mediaRoutes(),
    accountRoutes(deps, deps.accounts, deps.sessions),
    twoFactorRoutes(deps, deps.twoFactor, deps.sessions),
    teamsFeature(deps, deps.sessions),
    verificationRoutes(deps, deps.sessions),
    sessionRoutes(deps, deps.sessions),
    adminRoutes(deps),
    operationsRoutes(deps),
    businessFeature(deps),
    siteRoutes(deps),
    ...projectFeatureRoutes(deps, deps.projects),
    adminUserRoutes(deps),
    catalogFeature(deps, deps.catalog),
    billingFeature(deps),
    // The licensee portal (decision 036) releases devices and signs certificates through the Key Manager.
    keyManagerRoutes(deps, [(kit) => licenseePortalFeature(deps, kit)]),
    chatRoutes(deps, deps.chatSocketLimits),
    notificationRoutes(deps, deps.notifications),
  ];
}
