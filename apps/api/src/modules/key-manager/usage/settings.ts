import type { UsageSettings } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';

/** The owner's usage settings (decision 037): the weekly mail, off until the owner opts in. */
export class UsageSettingsStore {
  constructor(private readonly db: Db) {}

  async get(ownerId: string): Promise<UsageSettings> {
    const [row] = await rawRows<{ weekly_mail: boolean }>(
      this.db,
      sql`select weekly_mail from key_usage_owners where owner_id = ${ownerId}::uuid`,
    );
    return { weeklyMail: row?.weekly_mail ?? false };
  }

  async set(ownerId: string, settings: UsageSettings): Promise<UsageSettings> {
    await this.db.execute(sql`
      insert into key_usage_owners (owner_id, weekly_mail) values (${ownerId}::uuid, ${settings.weeklyMail})
      on conflict (owner_id) do update set weekly_mail = excluded.weekly_mail`);
    return { weeklyMail: settings.weeklyMail };
  }
}
