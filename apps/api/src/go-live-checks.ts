import type { Config } from './config.js';
import type { Runtime } from './runtime-mode.js';

/**
 * The settings of docs/operations.md "Before going live" that start-up can check, as warnings
 * logged in production mode (trial mode needs none of them). The ones it cannot judge — TRUST_PROXY
 * behind a proxy, REDIS_URL with several instances — stay in the checklist only.
 */
export function goLiveWarnings(
  config: Pick<
    Config,
    'DATABASE_URL' | 'JWT_SECRET' | 'LICENSE_SECRET_KEY' | 'PUBLIC_URL' | 'SMTP_URL' | 'STRIPE_SECRET_KEY'
  >,
  runtime: Runtime,
): string[] {
  if (runtime.mode !== 'production') return [];
  const warnings: string[] = [];
  if (config.DATABASE_URL && !config.JWT_SECRET)
    warnings.push(
      'JWT_SECRET is not set: this instance signs sessions with DATA_DIR/jwt-secret, so other instances reject them; give every instance the same JWT_SECRET',
    );
  if (config.DATABASE_URL && !config.LICENSE_SECRET_KEY)
    warnings.push(
      'LICENSE_SECRET_KEY is not set: this instance encrypts licence signing keys with DATA_DIR/license-secret-key, so other instances cannot sign offline licences; give every instance the same LICENSE_SECRET_KEY',
    );
  if (!config.PUBLIC_URL)
    warnings.push(
      'PUBLIC_URL is not set: links in mails, payment return URLs, canonical links and sitemap.xml point at http://localhost',
    );
  if (!config.SMTP_URL)
    warnings.push('SMTP_URL is not set: mail is recorded in mail_outbox but not delivered');
  if (!config.STRIPE_SECRET_KEY && !runtime.testPayments)
    warnings.push('STRIPE_SECRET_KEY is not set: paid plans cannot be bought (test cards are refused)');
  if (runtime.seedDemo)
    warnings.push('SEED_DEMO=true: demo accounts exist (passwords in DATA_DIR/demo-logins.json)');
  if (runtime.testPayments) warnings.push('ALLOW_TEST_PAYMENTS=true: anyone can "pay" with a test card');
  return warnings;
}

/**
 * A Stripe test-mode key takes Stripe's test cards, so it follows the sandbox's rule: refused (start-up
 * fails with this message) unless test payments are allowed.
 */
export function stripeKeyRefusal(config: Pick<Config, 'STRIPE_SECRET_KEY'>, runtime: Runtime): string | null {
  if (!config.STRIPE_SECRET_KEY || !/^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY) || runtime.testPayments)
    return null;
  return 'STRIPE_SECRET_KEY is a test-mode key (sk_test_…): in production set a live key, or ALLOW_TEST_PAYMENTS=true for a staging server';
}
