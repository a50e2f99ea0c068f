import type { AppDeps } from './app-deps.js';
import { accountSeed } from './modules/accounts/seed.js';
import { businessSeed } from './modules/business/seed.js';
import { catalogSeed } from './modules/catalog/seed.js';
import { projectSeed } from './modules/projects/seed.js';
import type { DemoPasswordOf } from './platform/seed/demo-login-store.js';
import type { SeedStep } from './platform/seed/seed.js';

/**
 * Demo content, in dependency order. Each feature appends its step here; accounts it creates are
 * listed in `demo-logins.ts` and take their password from `passwordOf`.
 */
export function demoSeeds(deps: AppDeps, passwordOf: DemoPasswordOf): SeedStep[] {
  return [
    accountSeed(deps, passwordOf),
    catalogSeed(deps),
    businessSeed(deps, passwordOf),
    projectSeed(deps),
  ];
}
