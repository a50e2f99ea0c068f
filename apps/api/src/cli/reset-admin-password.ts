import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { zEmail, zPassword } from '@app/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../config.js';
import { createDeps } from '../create-deps.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { forgetAdminLogin, keepAdminLogin } from '../modules/accounts/admin-login-file.js';
import { loggerOptions } from '../platform/log-redaction.js';
import { CommandRefused, openDatabaseForCommand } from './command-database.js';

const USAGE = `Usage: npm run admin:reset-password -- --email <admin email> [--password-stdin]

Sets a new password for an admin account and signs that admin out everywhere.
Without --password-stdin a password is generated, printed, and kept in DATA_DIR/admin-login.json
(readable only by this user); with it, the first line of standard input is the password (8 to 128
characters), which is not stored anywhere.
Reads DATA_DIR and DATABASE_URL like the server. With the embedded database (no DATABASE_URL),
stop the server first: the command refuses while the server runs. With PostgreSQL it works while
the server runs. See docs/operations.md, "A forgotten admin password".`;

interface Options {
  email: string;
  passwordFromStdin: boolean;
}

/** The command's arguments, or null after printing the usage (asked for, or wrong). */
function parseOptions(argv: string[]): Options | null {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help || !values.email) return null;
    const email = zEmail.safeParse(values.email);
    if (!email.success) throw new CommandRefused(`${values.email} is not an email address.`);
    return { email: email.data, passwordFromStdin: values['password-stdin'] };
  } catch (error) {
    if (error instanceof CommandRefused) throw error;
    return null;
  }
}

async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const [line = ''] = Buffer.concat(chunks).toString('utf8').split(/\r?\n/);
  const checked = zPassword.safeParse(line);
  if (!checked.success) throw new CommandRefused(checked.error.issues[0]?.message ?? 'Password is not valid');
  return checked.data;
}

async function adminEmails(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.userType, 'a'))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}

async function run(argv: string[]): Promise<number> {
  const options = parseOptions(argv);
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  }
  const chosen = options.passwordFromStdin ? await passwordFromStdin() : null;
  const config = loadConfig();
  const database = await openDatabaseForCommand(config);
  // Warnings and errors only: the command's own lines say what happened.
  const log = Fastify({ logger: loggerOptions('warn') }).log;
  // The command signs no token: a throwaway secret serves the services that want one.
  const deps = createDeps({ config, database, log, jwtSecret: randomBytes(48).toString('base64url') });
  try {
    const admin = await deps.accounts.findByEmail(options.email);
    if (admin?.userType !== 'a') {
      const known = await adminEmails(database);
      throw new CommandRefused(
        `No admin account has the email ${options.email}. ${known.length ? `Admin accounts: ${known.join(', ')}.` : 'There is no admin account.'}`,
      );
    }
    const password = chosen ?? randomBytes(12).toString('base64url');
    // The same path as a business owner resetting an agent: new hash, every session revoked, and
    // (on PostgreSQL) every running instance told at once.
    await deps.accounts.replacePassword(admin.id, password);
    const lines = [`The password of ${admin.email} is reset; every session of this admin is signed out.`];
    // The file keeps generated passwords only; a chosen one makes an entry there stale.
    if (chosen) await forgetAdminLogin(config.DATA_DIR, admin.email);
    else {
      const file = await keepAdminLogin(config.DATA_DIR, {
        email: admin.email,
        password,
        generatedAt: new Date().toISOString(),
        how: 'admin:reset-password',
      });
      lines.push(
        `  email:    ${admin.email}`,
        `  password: ${password}`,
        `  kept in ${file} (readable only by this user)`,
      );
    }
    if (admin.disabled)
      lines.push('  note: this account is disabled; it cannot sign in until an admin enables it');
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await deps.dispose();
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A refusal is a sentence for the operator; anything else also keeps its message, not a stack.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
