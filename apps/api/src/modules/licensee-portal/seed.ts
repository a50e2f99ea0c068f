import type { AppDeps } from '../../app-deps.js';
import { licenseePortals } from '../../db/schema/index.js';
import type { SeedStep } from '../../platform/seed/seed.js';

/** The demo client of the accounts seed, whose Key Manager holds the demo keys (key-manager/seed.ts). */
const DEMO_DEVELOPER = 'client@demo.test';
export const DEMO_PORTAL_HANDLE = 'photo-studio';

/**
 * Demo licensee portal (decision 036): the demo client's portal switched on at /portal/photo-studio,
 * so its demo licensees (grace@example.com, alan@example.com) can sign in, reading their code in the
 * admin's Mail view. Rows only (seeds run before the job queue); idempotent.
 */
export function licenseePortalSeed(deps: Pick<AppDeps, 'accounts' | 'database'>): SeedStep {
  return {
    name: 'demo-licensee-portal',
    async run() {
      const developer = await deps.accounts.findByEmail(DEMO_DEVELOPER);
      if (!developer) return;
      await deps.database.db
        .insert(licenseePortals)
        .values({
          ownerId: developer.id,
          handle: DEMO_PORTAL_HANDLE,
          enabled: true,
          displayName: 'Photo Studio',
          supportEmail: 'support@example.com',
          supportUrl: 'https://example.com/support',
          purchaseUrl: 'https://example.com/buy',
          allowRelease: true,
          releasesPer30Days: 3,
          allowCertificates: true,
        })
        .onConflictDoNothing();
    },
  };
}
