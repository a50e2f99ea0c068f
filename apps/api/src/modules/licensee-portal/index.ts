import { PORTAL_PATHS } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import type { KeyManagerKit } from '../key-manager/index.js';
import { licenseeRoutes } from './licensee-routes.js';
import { ownerRoutes } from './owner-routes.js';
import { PortalCookies } from './portal-cookies.js';
import { portalGuard } from './portal-guard.js';
import { PortalLicences } from './portal-licences.js';
import { PortalLimits } from './portal-limits.js';
import { portalRoutes } from './portal-routes.js';
import { PortalSessions } from './portal-sessions.js';
import { PortalSettingsStore } from './portal-settings.js';
import { PortalSignIns } from './sign-in.js';
import { SignInCodes } from './sign-in-codes.js';
import { SIGN_IN_ROUTES, signInRoutes } from './sign-in-routes.js';

const CLEANUP_JOB = 'licensee-portal.cleanup';

/**
 * The licensee portal (decision 036): the owner's settings, logo and sign-in list on the dashboard,
 * and each owner's public portal at `/api/v1/portal/:handle`, where licensees sign in with a mailed
 * code or a licence key and release devices or download certificates through the Key Manager (`kit`).
 */
export const licenseePortalFeature =
  (deps: AppDeps, kit: KeyManagerKit): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const origin = publicUrl(deps.config);
    const settings = new PortalSettingsStore(db, deps.clock, deps.accounts, origin);
    const sessions = new PortalSessions(db, deps.clock);
    const codes = new SignInCodes(db, deps.clock);
    const cookies = new PortalCookies(origin.startsWith('https://'));
    const signIns = new PortalSignIns(
      db,
      codes,
      sessions,
      new PortalLimits(deps.rateLimiters),
      deps.mailer,
      origin,
    );
    deps.jobs.define<Record<string, never>>({
      name: CLEANUP_JOB,
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryBackoff: true,
      async handle() {
        await codes.removeOld();
        await sessions.removeOld();
      },
    });
    deps.jobs.schedule(CLEANUP_JOB, '41 4 * * *');

    await app.register(ownerRoutes(deps, settings, sessions));
    // Every public portal route behind one guard: portal, session, CSRF, no-store.
    await app.register(async (portal) => {
      portal.addHook(
        'onRequest',
        portalGuard({
          settings,
          sessions,
          cookies,
          ownOrigin: new URL(origin).origin,
          cookieTokenRoutes: new Set([...SIGN_IN_ROUTES, PORTAL_PATHS.session]),
        }),
      );
      await portal.register(portalRoutes(deps, sessions, cookies));
      await portal.register(signInRoutes(signIns, cookies, deps.clock, deps.audit));
      await portal.register(licenseeRoutes(new PortalLicences(db, deps.clock), kit, deps.audit));
    });
  };
