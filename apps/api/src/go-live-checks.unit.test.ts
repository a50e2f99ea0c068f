import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { goLiveWarnings, stripeKeyRefusal } from './go-live-checks.js';
import { runtimeOf } from './runtime-mode.js';

const check = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return {
    warnings: goLiveWarnings(config, runtimeOf(config)),
    stripe: stripeKeyRefusal(config, runtimeOf(config)),
  };
};

describe('before going live', () => {
  it('asks nothing of a trial', () => {
    expect(check({}).warnings).toEqual([]);
  });

  it('names each missing production setting it can check', () => {
    const { warnings } = check({ DATABASE_URL: 'postgres://db/app' });
    expect(warnings.map((warning) => warning.split(' ')[0])).toEqual([
      'JWT_SECRET',
      'LICENSE_SECRET_KEY',
      'PUBLIC_URL',
      'SMTP_URL',
      'STRIPE_SECRET_KEY',
    ]);
    expect(
      check({
        DATABASE_URL: 'postgres://db/app',
        JWT_SECRET: 'x'.repeat(32),
        LICENSE_SECRET_KEY: 'y'.repeat(32),
        PUBLIC_URL: 'https://shop.example.com',
        SMTP_URL: 'smtp://mail.example.com:587',
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }).warnings,
    ).toEqual([]);
  });

  it('reminds the operator of every opt-in left on', () => {
    const { warnings } = check({ NODE_ENV: 'production', SEED_DEMO: 'true', ALLOW_TEST_PAYMENTS: 'true' });
    expect(warnings.some((warning) => warning.startsWith('SEED_DEMO=true'))).toBe(true);
    expect(warnings.some((warning) => warning.startsWith('ALLOW_TEST_PAYMENTS=true'))).toBe(true);
  });

  it('refuses a Stripe test-mode key unless test payments are allowed', () => {
    const key = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(check({ ...key, NODE_ENV: 'production' }).stripe).toMatch(/test-mode key/);
    expect(check({ ...key, NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' }).stripe).toBeNull();
    expect(check(key).stripe).toBeNull();
    expect(check({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc' }).stripe).toBeNull();
  });
});
