import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { users } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/auth-user.js';
import { apiKeyCreatedMail, sendSecurityNotice } from './security-mail.js';

export interface CreatedApiKey {
  id: string;
  name: string | null | undefined;
  type: 'secret' | 'publishable';
}

/**
 * After an API key was created (the Key Manager calls it through accounts' index.ts): the account's
 * audit trail records who created which key, and the person who did gets a mail. Neither can fail the
 * creation; a failure is logged. The key itself is never written anywhere.
 */
export async function apiKeyCreatedNotice(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'log' | 'config' | 'audit' | 'clock'>,
  by: { person: AuthUser; accountId: string; ip: string },
  key: CreatedApiKey,
): Promise<void> {
  const name = key.name?.trim() || 'Untitled';
  await deps.audit.recordQuietly({
    accountId: by.accountId,
    actor: by.person,
    action: 'api_key.created',
    // Shown in the Key Manager's audit log too (decision 037); the account's trail shows every area.
    area: 'key-manager',
    target: name,
    detail: { keyId: key.id, type: key.type },
    ip: by.ip || null,
  });
  let account: string | null = null;
  if (by.accountId !== by.person.id) {
    try {
      const [row] = await deps.database.db
        .select({ accountName: users.accountName, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, by.accountId))
        .limit(1);
      account = row ? (row.accountName ?? `${row.firstName} ${row.lastName}`) : null;
    } catch (error) {
      deps.log.warn({ err: error }, 'could not name the account of a new API key');
    }
  }
  const context = {
    brandName: deps.config.BRAND_NAME,
    base: publicUrl(deps.config),
    contactEmail: deps.config.CONTACT_EMAIL,
  };
  await sendSecurityNotice(
    deps.mailer,
    deps.log,
    apiKeyCreatedMail(context, by.person, { name, kind: key.type, at: deps.clock.now(), account }),
  );
}
