import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeOwnerOnlyFile } from '../secrets/owner-only-file.js';

/** The password of a demo login, by email (seed steps create the accounts with it). */
export type DemoPasswordOf = (email: string) => string;

export interface DemoLoginEntry {
  /** Who the login is, in words ("client", "staff", …). */
  who: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS_FILE = 'demo-logins.json';

const ZStoredLogins = z.object({
  logins: z.array(z.object({ who: z.string(), email: z.string(), password: z.string().min(8) })),
});

/**
 * Demo passwords of this install, kept in `DATA_DIR/demo-logins.json` readable only by the owner
 * (0600), like the generated JWT secret: generated once per install, never published.
 */
export class DemoLoginStore {
  private constructor(
    readonly file: string,
    private readonly entries: Map<string, DemoLoginEntry>,
  ) {}

  static async open(dataDir: string): Promise<DemoLoginStore> {
    const file = path.resolve(dataDir, DEMO_LOGINS_FILE);
    let raw: string | null = null;
    try {
      raw = await readFile(file, 'utf8');
    } catch {
      // not created yet
    }
    const parsed = raw === null ? null : ZStoredLogins.safeParse(safeJson(raw));
    const entries = new Map((parsed?.success ? parsed.data.logins : []).map((entry) => [entry.email, entry]));
    return new DemoLoginStore(file, entries);
  }

  passwordOf(email: string): string | undefined {
    return this.entries.get(email)?.password;
  }

  set(entry: DemoLoginEntry): void {
    this.entries.set(entry.email, entry);
  }

  async save(): Promise<void> {
    const body = {
      about:
        'Demo logins of this install, generated at its first start. Delete this file to give them new passwords at the next start.',
      logins: [...this.entries.values()],
    };
    await writeOwnerOnlyFile(this.file, `${JSON.stringify(body, null, 2)}\n`);
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
