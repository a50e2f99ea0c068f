import { accountSeed } from './modules/accounts/seed.js';
import { businessSeed } from './modules/business/seed.js';
import { catalogSeed } from './modules/catalog/seed.js';
import { projectSeed } from './modules/projects/seed.js';
import type { AppDeps } from './platform/deps.js';
import type { SeedStep } from './platform/seed/seed.js';

/** Demo content, in dependency order. Each feature appends its step here. */
export function demoSeeds(deps: AppDeps): SeedStep[] {
  return [accountSeed(deps), catalogSeed(deps), businessSeed(deps), projectSeed(deps)];
}
