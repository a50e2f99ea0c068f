import type { Config } from './config.js';
import type { RootDeps } from './create-deps.js';
import { type DemoLogin, type DemoLogins, ensureDemoLogins, printDemoLogins } from './demo-logins.js';
import { goLiveWarnings } from './go-live-checks.js';
import { ensureFirstAdmin } from './modules/accounts/bootstrap-admin.js';
import type { DemoPasswordOf } from './platform/seed/demo-login-store.js';
import { runSeeds, type SeedStep } from './platform/seed/seed.js';
import { describeRuntime, type Runtime, runtimeOf } from './runtime-mode.js';
import { demoSeeds } from './seeds.js';

export interface InstallOptions {
  /** Tests replace the demo content with their own, so they never race over shared demo rows. */
  logins?: readonly DemoLogin[];
  seeds?: (deps: RootDeps, passwordOf: DemoPasswordOf) => SeedStep[];
}

/**
 * What `main.ts` does before listening, after migrations: the first admin, demo logins and content
 * as the runtime mode allows (runtime-mode.ts), and the start-up line saying which mode this is.
 */
export async function prepareInstall(
  deps: RootDeps,
  config: Config,
  options: InstallOptions = {},
): Promise<{ runtime: Runtime; demo: DemoLogins }> {
  const runtime = runtimeOf(config);
  await ensureFirstAdmin(deps, config);
  if (config.DEMO_PASSWORD)
    deps.log.warn(
      'DEMO_PASSWORD is set: every demo login has that fixed password (for automated tests only)',
    );
  const demo = await ensureDemoLogins(deps, {
    dataDir: config.DATA_DIR,
    seeding: runtime.seedDemo,
    fixedPassword: config.DEMO_PASSWORD,
    logins: options.logins,
  });
  if (runtime.seedDemo) {
    const seeds = options.seeds ?? demoSeeds;
    await runSeeds({ db: deps.database.db, log: deps.log }, seeds(deps, demo.passwordOf));
  } else if (demo.existing.length > 0) {
    deps.log.warn(
      { accounts: demo.existing.map((entry) => entry.email), file: demo.file },
      'demo accounts from an earlier trial still exist although demo content is off: disable or delete them in the admin panel',
    );
  }
  printDemoLogins(demo.created, demo.file);
  deps.log.info(runtime, describeRuntime(runtime));
  for (const warning of goLiveWarnings(config, runtime)) deps.log.warn(`before going live: ${warning}`);
  return { runtime, demo };
}
