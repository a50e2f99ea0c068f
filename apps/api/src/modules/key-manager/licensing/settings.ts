import { DEFAULT_LICENSING_SETTINGS, type LicensingSettings } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { keyLicensingSettings } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';

/** An owner's licensing settings (decision 032); no row means the defaults. */
export class LicensingSettingsStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async of(ownerId: string): Promise<LicensingSettings> {
    const [row] = await this.db
      .select({ expiringNoticeDays: keyLicensingSettings.expiringNoticeDays })
      .from(keyLicensingSettings)
      .where(eq(keyLicensingSettings.ownerId, ownerId));
    return row ?? DEFAULT_LICENSING_SETTINGS;
  }

  async set(ownerId: string, settings: LicensingSettings): Promise<LicensingSettings> {
    const values = { ...settings, updatedAt: this.clock.now() };
    await this.db
      .insert(keyLicensingSettings)
      .values({ ownerId, ...values })
      .onConflictDoUpdate({ target: keyLicensingSettings.ownerId, set: values });
    return settings;
  }
}
