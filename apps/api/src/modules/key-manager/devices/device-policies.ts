import {
  DEFAULT_DEVICE_POLICY,
  type DevicePolicy,
  KEY_MANAGER_ERRORS,
  type KeyDevicePolicy,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { keyDevicePolicies, licenceKeys } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { refusal } from '../../../platform/http/errors.js';

/**
 * Device rules (decision 023): an owner's policy is the default of every key; a key's own value
 * (not null) wins. Read where they apply through `effective` (device-sql.ts), never copied into
 * keys, so changing the policy changes every key that follows it.
 */
export class DevicePolicies {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async ofOwner(ownerId: string): Promise<DevicePolicy> {
    const [row] = await this.db
      .select({
        leaseSeconds: keyDevicePolicies.leaseSeconds,
        transfersPer30Days: keyDevicePolicies.transfersPer30Days,
        transferIdleSeconds: keyDevicePolicies.transferIdleSeconds,
      })
      .from(keyDevicePolicies)
      .where(eq(keyDevicePolicies.ownerId, ownerId));
    return row ?? DEFAULT_DEVICE_POLICY;
  }

  async setOwner(ownerId: string, policy: DevicePolicy): Promise<DevicePolicy> {
    const values = { ...policy, updatedAt: this.clock.now() };
    await this.db
      .insert(keyDevicePolicies)
      .values({ ownerId, ...values })
      .onConflictDoUpdate({ target: keyDevicePolicies.ownerId, set: values });
    return policy;
  }

  /** A key's own values; null hands a value back to the owner's policy. */
  async setKey(ownerId: string, keyId: string, policy: KeyDevicePolicy): Promise<void> {
    const [row] = await this.db
      .update(licenceKeys)
      .set({ ...policy, updatedAt: this.clock.now() })
      .where(and(eq(licenceKeys.id, keyId), eq(licenceKeys.ownerId, ownerId)))
      .returning({ id: licenceKeys.id });
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
  }
}
