import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeOwnerOnlyFile } from '../../platform/secrets/owner-only-file.js';

export const ADMIN_LOGIN_FILE = 'admin-login.json';

const ZAdminLogin = z.object({
  email: z.string(),
  password: z.string(),
  /** When and how the password was generated ("first start", "admin:reset-password"). */
  generatedAt: z.string(),
  how: z.string(),
});
export type AdminLogin = z.infer<typeof ZAdminLogin>;

const ZStored = z.object({ logins: z.array(ZAdminLogin) });

/**
 * Keeps a generated admin password in `DATA_DIR/admin-login.json`, readable only by the server's
 * user (0600), as the demo logins are: printed once is not enough when the console scrolled away.
 * One entry per email, the latest wins. A password the operator chose (ADMIN_PASSWORD, stdin) is
 * never written. Returns the file's path.
 */
export function keepAdminLogin(dataDir: string, login: AdminLogin): Promise<string> {
  return rewrite(dataDir, login.email, login);
}

/** Drops an admin's entry (their password was just set to one the operator chose): none goes stale. */
export function forgetAdminLogin(dataDir: string, email: string): Promise<string> {
  return rewrite(dataDir, email, null);
}

async function rewrite(dataDir: string, email: string, login: AdminLogin | null): Promise<string> {
  const file = path.resolve(dataDir, ADMIN_LOGIN_FILE);
  const current = await readAdminLogins(file);
  const others = current.filter((entry) => entry.email !== email);
  if (!login && others.length === current.length) return file;
  const body = {
    about:
      'Generated admin logins of this install. Sign in, change the password in the account settings, then delete this file. ' +
      'A forgotten admin password: npm run admin:reset-password -- --email <email> (docs/operations.md).',
    logins: login ? [...others, login] : others,
  };
  await writeOwnerOnlyFile(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}

/** The logins the file holds (none when it is missing or not ours). */
export async function readAdminLogins(file: string): Promise<AdminLogin[]> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  try {
    const parsed = ZStored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.logins : [];
  } catch {
    return [];
  }
}
