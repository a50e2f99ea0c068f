import { and, inArray, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { SeedStep } from '../../platform/seed/seed.js';

/**
 * The demo logins have proven addresses (decision 033): they may pay, create API keys and invite at
 * once. Runs after the steps that create them; an address already verified keeps its time.
 */
export function verifiedDemoLoginsSeed(emails: readonly string[], clock: Clock): SeedStep {
  return {
    name: 'demo-logins-verified',
    async run({ db }) {
      if (emails.length === 0) return;
      await db
        .update(users)
        .set({ emailVerifiedAt: clock.now() })
        .where(and(inArray(users.email, [...emails]), isNull(users.emailVerifiedAt)));
    },
  };
}
