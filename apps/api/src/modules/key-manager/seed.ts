import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { keyEvents, keyProducts, licenceKeys, saasPlans } from '../../db/schema/index.js';
import type { SeedStep } from '../../platform/seed/seed.js';
import { KEY_MANAGER_SLUG } from '../catalog/index.js';
import { termColumns, termsFromPolicy } from './licensing/key-terms.js';
import { KeyPolicies } from './licensing/policies.js';
import { KeyProducts } from './licensing/products.js';
import { generateLicenceKey } from './secrets.js';

/** The demo client of the accounts seed: the one a new install signs in as to try the Key Manager. */
const DEMO_DEVELOPER = 'client@demo.test';

/**
 * Demo licensing (decision 032): the demo client on the free Key Manager plan with a product, a
 * yearly policy, a 14-day trial policy and two sold keys, so the Products tab, the key page and the
 * REST docs' examples have something to show. Idempotent: skipped once the product exists.
 */
export function keyManagerSeed(deps: Pick<AppDeps, 'accounts' | 'catalog' | 'database' | 'clock'>): SeedStep {
  return {
    name: 'demo-key-manager-licensing',
    async run() {
      const db = deps.database.db;
      const developer = await deps.accounts.findByEmail(DEMO_DEVELOPER);
      if (!developer) return;
      const [seeded] = await db
        .select({ id: keyProducts.id })
        .from(keyProducts)
        .where(and(eq(keyProducts.ownerId, developer.id), eq(keyProducts.code, 'photo-studio')));
      if (seeded) return;
      const product = await deps.catalog.productBySlug(KEY_MANAGER_SLUG);
      if (!(await deps.catalog.activePlan(developer.id, product.id))) {
        const [free] = await db
          .select({ id: saasPlans.id })
          .from(saasPlans)
          .where(
            and(
              eq(saasPlans.productId, product.id),
              eq(saasPlans.isFree, true),
              eq(saasPlans.archived, false),
            ),
          )
          .limit(1);
        if (!free) return;
        await deps.catalog.activateFree(developer.id, product.id, free.id);
      }
      const products = new KeyProducts(db);
      const policies = new KeyPolicies(db, deps.clock, products);
      const photo = await products.create(developer.id, 'photo-studio', 'Photo Studio');
      const yearly = await policies.create(developer.id, {
        productId: photo.id,
        name: 'Yearly licence',
        kind: 'standard',
        maxActivations: 3,
        duration: { count: 1, unit: 'year' },
        clockStarts: 'issue',
        expiryBehaviour: 'refuse',
        graceDays: 7,
        leaseSeconds: null,
        transfersPer30Days: 2,
        transferIdleSeconds: 7 * 86_400,
        entitlements: { pro: true, exports: 'raw' },
        metadata: { plan: 'yearly' },
      });
      await policies.create(developer.id, {
        productId: photo.id,
        name: '14-day trial',
        kind: 'trial',
        maxActivations: 1,
        duration: { count: 14, unit: 'day' },
        clockStarts: 'issue',
        expiryBehaviour: 'refuse',
        graceDays: 0,
        leaseSeconds: null,
        transfersPer30Days: null,
        transferIdleSeconds: null,
        entitlements: {},
        metadata: {},
      });
      const policy = await policies.get(developer.id, yearly.id);
      const now = deps.clock.now();
      const customers = [
        { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', customerRef: 'cus_1001' },
        { customerName: 'Alan Turing', customerEmail: 'alan@example.com', customerRef: 'cus_1002' },
      ];
      for (const customer of customers) {
        const [key] = await db
          .insert(licenceKeys)
          .values({
            ownerId: developer.id,
            key: generateLicenceKey(),
            name: `${customer.customerName}'s licence`,
            ...termColumns(termsFromPolicy(policy, now)),
            ...customer,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: licenceKeys.id });
        if (key) {
          await db
            .insert(keyEvents)
            .values({ ownerId: developer.id, keyId: key.id, action: 'create', createdAt: now });
        }
      }
    },
  };
}
