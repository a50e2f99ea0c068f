import type { RootDeps } from './create-deps.js';
import { DEMO_LOGINS } from './demo-logins.js';
import { accountSeed } from './modules/accounts/seed.js';
import { verifiedDemoLoginsSeed } from './modules/accounts/seed-verified.js';
import { invoiceSeed } from './modules/billing/invoices/seed.js';
import { businessSeed } from './modules/business/seed.js';
import { catalogSeed } from './modules/catalog/seed.js';
import { keyManagerSeed } from './modules/key-manager/seed.js';
import { licenseePortalSeed } from './modules/licensee-portal/seed.js';
import { quoteSeed } from './modules/projects/quotes/seed.js';
import { projectSeed } from './modules/projects/seed.js';
import { teamSeed } from './modules/teams/seed.js';
import type { DemoPasswordOf } from './platform/seed/demo-login-store.js';
import type { SeedStep } from './platform/seed/seed.js';

/**
 * Demo content, in dependency order. Each feature appends its step here; accounts it creates are
 * listed in `demo-logins.ts` and take their password from `passwordOf`.
 */
export function demoSeeds(deps: RootDeps, passwordOf: DemoPasswordOf): SeedStep[] {
  return [
    accountSeed(deps, passwordOf),
    teamSeed(deps, passwordOf),
    catalogSeed(deps.catalog),
    businessSeed(deps, passwordOf),
    projectSeed(deps),
    quoteSeed(deps),
    invoiceSeed(deps),
    keyManagerSeed(deps),
    licenseePortalSeed(deps),
    verifiedDemoLoginsSeed(
      DEMO_LOGINS.map((login) => login.email),
      deps.clock,
    ),
  ];
}
