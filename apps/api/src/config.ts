import { z } from 'zod';
import { parseStorageUrl } from './platform/storage/storage-url.js';

const zBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every setting the server reads, parsed once at start. See the README's configuration table. */
const ZConfig = z.object({
  /** `production` turns trial mode off even on the embedded database (runtime-mode.ts). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  /**
   * Connections each instance keeps to PostgreSQL. Every instance holds this many, so instances times
   * pool size must stay under the server's max_connections (100 by default).
   */
  DATABASE_POOL_SIZE: z.coerce
    .number('DATABASE_POOL_SIZE must be a number')
    .int('DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'DATABASE_POOL_SIZE must be at least 1')
    .max(500, 'DATABASE_POOL_SIZE must be at most 500')
    .default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .optional(),
  /** Unset: on in trial mode, off in production (runtime-mode.ts). */
  SEED_DEMO: zBool.optional(),
  /** Unset: the sandbox takes test cards in trial mode only (runtime-mode.ts). */
  ALLOW_TEST_PAYMENTS: zBool.optional(),
  /** Automated tests only: one fixed password for every demo login instead of generated ones. */
  DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').optional(),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  BRAND_NAME: z.string().min(1).default('Northwind Software'),
  CONTACT_EMAIL: z.email().default('hello@northwind.dev'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  /** Job queue (docs/decisions/013). */
  JOBS_RUN_WORKERS: zBool.default(true),
  /** Off in automated tests, which run scheduled jobs on demand instead of at clock times. */
  JOBS_RUN_SCHEDULES: zBool.default(true),
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,50}$/, 'JOBS_SCHEMA must be a lower-case PostgreSQL identifier')
    .default('pgboss'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5, 'JOBS_POLL_SECONDS must be at least 0.5').default(2),
  JOBS_KEEP_FAILED_DAYS: z.coerce.number().int().min(1).default(30),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(12),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Notices about one subject to one person within this window go out as one mail (decision 018). */
  MAIL_DIGEST_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  SMTP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Outbound webhooks (docs/decisions/016). Defaults retry for 34–68 h (tries 1 + 12). */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(16).default(12),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Parallel delivery attempts per instance; one owner uses at most half of them (decision 016). */
  WEBHOOK_WORKERS: z.coerce.number().int().min(2).max(64).default(8),
  /** Unset: allowed in trial mode only (runtime-mode.ts); lets endpoints be http:// and private addresses. */
  WEBHOOKS_ALLOW_PRIVATE: zBool.optional(),
  /** Encrypts webhook signing secrets at rest; unset: derived from the JWT secret. */
  WEBHOOK_SECRET_KEY: z.string().min(32, 'WEBHOOK_SECRET_KEY must be at least 32 characters').optional(),
  /** Encrypts the owners' licence signing keys at rest (decision 024); unset: DATA_DIR/license-secret-key. */
  LICENSE_SECRET_KEY: z.string().min(32, 'LICENSE_SECRET_KEY must be at least 32 characters').optional(),
  /** Encrypts the TOTP secrets of two-factor sign-in at rest; unset: derived from the JWT secret. */
  TWO_FACTOR_SECRET_KEY: z
    .string()
    .min(32, 'TWO_FACTOR_SECRET_KEY must be at least 32 characters')
    .optional(),
  /** Events and their delivery log are kept this long. */
  WEBHOOK_LOG_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * Key Manager verification analytics and request log (decision 037): `off` records nothing (the
   * bench compares on and off). Counted in memory and written every KEY_USAGE_FLUSH_MS.
   */
  KEY_ANALYTICS: z.enum(['on', 'off'], 'KEY_ANALYTICS must be on or off').default('on'),
  KEY_USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Request-log rows kept per owner (oldest dropped first), besides the 30-day limit. */
  KEY_REQUEST_LOG_MAX_PER_OWNER: z.coerce.number().int().min(1).default(100_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics at /metrics (decision 040): `off` registers no hook and no route. */
  METRICS: z.enum(['on', 'off'], 'METRICS must be on or off').default('on'),
  /** Bearer token for /metrics in production mode; without it /metrics answers 404 there. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** The commit this build was made from, shown in the build-info metric (set by the image build). */
  GIT_COMMIT: z.string().max(64).optional(),
  TRUST_PROXY: zBool.default(false),
  /**
   * `required`: staff and admins must sign in with a second factor; without one they reach only
   * Security (enrolment) and their profile. Clients follow their account owner's rule.
   */
  STAFF_TWO_FACTOR: z
    .enum(['required', 'optional'], 'STAFF_TWO_FACTOR must be required or optional')
    .default('optional'),
  /** Sign-ups from one client address per hour (each costs two argon2 hashes); decision 014. */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  WEB_DIST: z.string().optional(),
  /**
   * Unset: uploads on local disk under DATA_DIR/uploads. `s3://bucket?region=…&endpoint=…&forcePathStyle=true`:
   * in an S3-compatible bucket (decision 039), credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
   */
  STORAGE_URL: z
    .string()
    .transform((value, ctx) => {
      const location = parseStorageUrl(value);
      if (typeof location === 'string') {
        ctx.addIssue({ code: 'custom', message: location });
        return z.NEVER;
      }
      return location;
    })
    .optional(),
  /** Per attempt: the longest wait for the bucket to connect or to say anything (a hung store). */
  STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Payments (docs/decisions/011): the sandbox is the default; Stripe Checkout when a key is set. */
  SANDBOX_WEBHOOK_SECRET: z
    .string()
    .min(32, 'SANDBOX_WEBHOOK_SECRET must be at least 32 characters')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must start with sk_ or rk_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Only for tests and local stand-ins of Stripe's API. */
  STRIPE_API_URL: z.url().optional(),
  /** The seller printed on receipt PDFs (decision 022). Unset: BRAND_NAME. */
  COMPANY_NAME: z.string().trim().min(1).max(200).optional(),
  /** Lines separated by `|`; the default is a trial placeholder, to be replaced before going live. */
  COMPANY_ADDRESS: z.string().trim().min(1).max(500).default('1 Example Street|Springfield|United States'),
  /** VAT or tax number, printed on receipts when set. */
  COMPANY_TAX_ID: z.string().trim().min(1).max(60).optional(),
  /**
   * Tax added to invoices (decision 035), in percent with up to two decimals ("20", "7.5"); 0 adds
   * none. Each invoice keeps the rate it was issued with.
   */
  INVOICE_TAX_RATE: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'INVOICE_TAX_RATE is a percentage such as 20 or 7.5')
    .default('0'),
  /** The tax's name on invoices ("VAT", "Sales tax"). */
  INVOICE_TAX_LABEL: z.string().trim().min(1).max(40).default('Tax'),
});

export type Config = z.infer<typeof ZConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings (e.g. `DATABASE_URL=`) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZConfig.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The public origin without a trailing slash, so `${publicUrl(config)}/path` is always one link. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** The seller receipts name (COMPANY_NAME, COMPANY_ADDRESS, COMPANY_TAX_ID, CONTACT_EMAIL). */
export function sellerOf(config: Config): {
  name: string;
  addressLines: string[];
  taxId: string | undefined;
  email: string;
} {
  return {
    name: config.COMPANY_NAME ?? config.BRAND_NAME,
    addressLines: config.COMPANY_ADDRESS.split('|')
      .map((line) => line.trim())
      .filter(Boolean),
    taxId: config.COMPANY_TAX_ID,
    email: config.CONTACT_EMAIL,
  };
}
