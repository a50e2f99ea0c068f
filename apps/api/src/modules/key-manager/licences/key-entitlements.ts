import { type Entitlements, KEY_MANAGER_ERRORS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { licenceKeys } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { refusal } from '../../../platform/http/errors.js';

/** The owner-defined entitlements of a licence key (validated by the contract's ZEntitlements). */
export class KeyEntitlements {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async read(ownerId: string, keyId: string): Promise<Entitlements> {
    const [row] = await this.db
      .select({ entitlements: licenceKeys.entitlements })
      .from(licenceKeys)
      .where(and(eq(licenceKeys.id, keyId), eq(licenceKeys.ownerId, ownerId)));
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    return row.entitlements;
  }

  /** Replaces the whole map; certificates checked out from now on carry it. */
  async replace(ownerId: string, keyId: string, entitlements: Entitlements): Promise<Entitlements> {
    const [row] = await this.db
      .update(licenceKeys)
      .set({ entitlements, updatedAt: this.clock.now() })
      .where(and(eq(licenceKeys.id, keyId), eq(licenceKeys.ownerId, ownerId)))
      .returning({ entitlements: licenceKeys.entitlements });
    if (!row) throw refusal(KEY_MANAGER_ERRORS.invalidKey);
    return row.entitlements;
  }
}
