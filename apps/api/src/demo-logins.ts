import { randomBytes } from 'node:crypto';
import type { AppDeps } from './app-deps.js';
import { DEMO_ACCOUNTS } from './modules/accounts/seed.js';
import { DEMO_AGENT, DEMO_REALTOR } from './modules/business/seed.js';
import { DEMO_TEAMMATE } from './modules/teams/seed.js';
import { verifySecret } from './platform/auth/passwords.js';
import { type DemoLoginEntry, DemoLoginStore } from './platform/seed/demo-login-store.js';

export interface DemoLogin {
  who: string;
  email: string;
}

/** Every account the demo seeds create (README "Demo logins"). */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  ...DEMO_ACCOUNTS.map((account) => ({
    who: account.userType === 'e' ? 'staff' : 'client',
    email: account.email,
  })),
  { who: 'real-estate business owner', email: DEMO_REALTOR.email },
  { who: 'real-estate agent', email: DEMO_AGENT.email },
  { who: 'developer in the client’s team', email: DEMO_TEAMMATE.email },
];

export interface DemoLoginOptions {
  dataDir: string;
  /** Demo content will be seeded: every login gets a password, created or not yet. */
  seeding: boolean;
  /** DEMO_PASSWORD (automated tests): the same known password for every demo login. */
  fixedPassword?: string;
  logins?: readonly DemoLogin[];
}

export interface DemoLogins {
  /** The password of each demo login (for the seed steps); throws for an unknown email. */
  passwordOf(email: string): string;
  /** Logins whose password is new at this start (printed once). */
  created: DemoLoginEntry[];
  /** Demo accounts that exist in the database, with their passwords. */
  existing: DemoLoginEntry[];
  file: string;
}

/**
 * Gives each demo login a password of this install: generated once and kept in
 * `DATA_DIR/demo-logins.json` (0600). An existing demo account that still has one of the passwords
 * older versions published gets a new one, so no account keeps a published password, in any mode;
 * one with another password that this data dir does not record (set by another instance on the same
 * database) is left alone. Accounts that do not exist are only given a password when demo content
 * is being seeded.
 */
export async function ensureDemoLogins(
  deps: Pick<AppDeps, 'accounts'>,
  options: DemoLoginOptions,
): Promise<DemoLogins> {
  const store = await DemoLoginStore.open(options.dataDir);
  const passwords = new Map<string, string>();
  const created: DemoLoginEntry[] = [];
  const existing: DemoLoginEntry[] = [];
  for (const login of options.logins ?? DEMO_LOGINS) {
    const account = await deps.accounts.findByEmail(login.email);
    if (!account && !options.seeding) continue;
    const recorded = store.passwordOf(login.email);
    if (account && recorded === undefined && options.fixedPassword === undefined) {
      // Not recorded in this data dir. Instances share the database but not DATA_DIR: the account
      // may have a password another instance generated and recorded. Only a published one is replaced.
      if (!(await hasPublishedPassword(account.passwordHash))) {
        existing.push({ ...login, password: '' });
        continue;
      }
    }
    const wanted = options.fixedPassword ?? recorded ?? randomBytes(12).toString('base64url');
    const entry = { ...login, password: wanted };
    passwords.set(login.email, wanted);
    if (account) existing.push(entry);
    if (recorded === wanted) continue;
    // Not recorded (or DEMO_PASSWORD changed): set it unless the account already has exactly it.
    if (account && !(await verifySecret(account.passwordHash, wanted)))
      await deps.accounts.replacePassword(account.id, wanted);
    store.set(entry);
    created.push(entry);
  }
  if (created.length > 0) await store.save();
  return {
    passwordOf(email) {
      const password = passwords.get(email);
      if (!password) throw new Error(`${email} is not a demo login`);
      return password;
    },
    created,
    existing,
    file: store.file,
  };
}

/** The demo passwords the README published before they were generated per install. */
const PUBLISHED_PASSWORDS = ['demo-client-pass', 'demo-staff-pass', 'demo-realtor-pass', 'demo-agent-pass'];

async function hasPublishedPassword(passwordHash: string): Promise<boolean> {
  for (const published of PUBLISHED_PASSWORDS) if (await verifySecret(passwordHash, published)) return true;
  return false;
}

/** Printed straight to stdout, once, like the first admin's login (not into the shipped JSON log). */
export function printDemoLogins(entries: readonly DemoLoginEntry[], file: string): void {
  if (entries.length === 0) return;
  const width = Math.max(...entries.map((entry) => entry.email.length));
  process.stdout.write(
    [
      '',
      '================ demo logins (shown once) ================',
      ...entries.map((entry) => `  ${entry.email.padEnd(width)}  ${entry.password}  (${entry.who})`),
      `  kept in ${file} (readable only by this user)`,
      '==========================================================',
      '',
    ].join('\n'),
  );
}
