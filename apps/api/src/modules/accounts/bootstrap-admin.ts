import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Config } from '../../config.js';
import { users } from '../../db/schema/index.js';
import { keepAdminLogin } from './admin-login-file.js';

/**
 * Makes sure an admin can sign in on a fresh install. ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD
 * create it; without them, and only when no admin exists yet, one is generated: its credentials are
 * printed once and kept in `DATA_DIR/admin-login.json` (0600), like the demo logins.
 */
export async function ensureFirstAdmin(deps: Pick<AppDeps, 'accounts' | 'database' | 'log'>, config: Config) {
  const { db } = deps.database;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const existing = await deps.accounts.findByEmail(config.ADMIN_EMAIL);
    if (existing) {
      if (existing.userType !== 'a')
        deps.log.warn({ email: config.ADMIN_EMAIL }, 'ADMIN_EMAIL belongs to a non-admin account');
      return;
    }
    await deps.accounts.createAccount(
      adminAccount(config.ADMIN_USERNAME ?? 'admin', config.ADMIN_EMAIL, config.ADMIN_PASSWORD),
    );
    deps.log.info({ email: config.ADMIN_EMAIL }, 'first admin created from ADMIN_* settings');
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.userType, 'a')).limit(1);
  if (anyAdmin) return;
  const domain = config.CONTACT_EMAIL.split('@')[1] ?? 'example.com';
  const email = `admin@${domain}`;
  const password = randomBytes(12).toString('base64url');
  await deps.accounts.createAccount(adminAccount('admin', email, password));
  const file = await keepAdminLogin(config.DATA_DIR, {
    email,
    password,
    generatedAt: new Date().toISOString(),
    how: 'first start',
  });
  // Printed straight to stdout, once, so it is not mixed into structured logs shipped elsewhere.
  process.stdout.write(
    [
      '',
      '================ first admin account (shown once) ================',
      `  sign in at /company/admin/login`,
      `  username: admin`,
      `  email:    ${email}`,
      `  password: ${password}`,
      `  kept in ${file} (readable only by this user)`,
      `  forgotten? npm run admin:reset-password -- --email ${email}`,
      '  set ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD to choose your own',
      '==================================================================',
      '',
    ].join('\n'),
  );
}

function adminAccount(username: string, email: string, password: string) {
  return {
    username,
    firstName: username,
    lastName: 'Administrator',
    email,
    password,
    securityQuestion: 'Admin accounts reset their password with npm run admin:reset-password',
    // Admins reset through configuration, not the public forgot-password dialog.
    securityQuestionAnswer: randomBytes(24).toString('base64url'),
    userType: 'a' as const,
  };
}
