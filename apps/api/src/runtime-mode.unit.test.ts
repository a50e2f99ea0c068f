import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { describeRuntime, runtimeOf } from './runtime-mode.js';

const runtime = (env: Record<string, string>) => runtimeOf(loadConfig(env));

describe('runtime mode', () => {
  it('is trial on the embedded database with nothing configured: demo content and test cards on', () => {
    expect(runtime({})).toEqual({ mode: 'trial', seedDemo: true, testPayments: true });
    expect(runtime({ NODE_ENV: 'test' })).toEqual({ mode: 'trial', seedDemo: true, testPayments: true });
  });

  it('is production on PostgreSQL or with NODE_ENV=production: no demo, no test cards', () => {
    const off = { mode: 'production', seedDemo: false, testPayments: false };
    expect(runtime({ DATABASE_URL: 'postgres://db/app' })).toEqual(off);
    expect(runtime({ NODE_ENV: 'production' })).toEqual(off);
    expect(runtime({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/app' })).toEqual(off);
  });

  it('takes the explicit settings either way', () => {
    expect(runtime({ NODE_ENV: 'production', SEED_DEMO: 'true', ALLOW_TEST_PAYMENTS: 'true' })).toEqual({
      mode: 'production',
      seedDemo: true,
      testPayments: true,
    });
    expect(runtime({ SEED_DEMO: 'false', ALLOW_TEST_PAYMENTS: 'no' })).toEqual({
      mode: 'trial',
      seedDemo: false,
      testPayments: false,
    });
  });

  it('says at start which mode this is and how to go live', () => {
    expect(describeRuntime(runtime({}))).toMatch(/^trial mode.*no real charge.*To go live set DATABASE_URL/);
    expect(describeRuntime(runtime({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }))).toBe(
      'production mode: no demo logins, sandbox test cards accepted (no real charge) (opted in: ALLOW_TEST_PAYMENTS=true)',
    );
  });
});
