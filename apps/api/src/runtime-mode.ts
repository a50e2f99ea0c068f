import type { Config } from './config.js';

export type RuntimeMode = 'trial' | 'production';

/** What this install may do, decided once from the configuration (docs/operations.md). */
export interface Runtime {
  mode: RuntimeMode;
  /** Demo accounts and content are created at start. */
  seedDemo: boolean;
  /** The sandbox provider takes test cards (no real money). */
  testPayments: boolean;
}

type ModeSettings = Pick<Config, 'DATABASE_URL' | 'NODE_ENV' | 'SEED_DEMO' | 'ALLOW_TEST_PAYMENTS'>;

/**
 * The one rule: **trial** is the embedded database (no `DATABASE_URL`) with `NODE_ENV` not set to
 * `production` — what `npm start` gives a newcomer. Anything else is **production**: no demo logins
 * and no test cards unless the operator opts in with `SEED_DEMO=true` / `ALLOW_TEST_PAYMENTS=true`.
 * Either setting may also turn its feature off in trial mode.
 */
export function runtimeOf(config: ModeSettings): Runtime {
  const mode: RuntimeMode = !config.DATABASE_URL && config.NODE_ENV !== 'production' ? 'trial' : 'production';
  return {
    mode,
    seedDemo: config.SEED_DEMO ?? mode === 'trial',
    testPayments: config.ALLOW_TEST_PAYMENTS ?? mode === 'trial',
  };
}

/** The start-up log line: which mode, what it means, and how to go live. */
export function describeRuntime(runtime: Runtime): string {
  const demo = runtime.seedDemo ? 'demo logins on' : 'no demo logins';
  const cards = runtime.testPayments ? 'sandbox test cards accepted (no real charge)' : 'test cards refused';
  if (runtime.mode === 'trial') {
    return (
      `trial mode (embedded database, NODE_ENV not production): ${demo}, ${cards}. ` +
      'To go live set DATABASE_URL (PostgreSQL) or NODE_ENV=production, and STRIPE_SECRET_KEY; ' +
      'see "Before going live" in docs/operations.md'
    );
  }
  const optIns = [
    runtime.seedDemo && 'SEED_DEMO=true',
    runtime.testPayments && 'ALLOW_TEST_PAYMENTS=true',
  ].filter(Boolean);
  return `production mode: ${demo}, ${cards}${optIns.length ? ` (opted in: ${optIns.join(', ')})` : ''}`;
}
