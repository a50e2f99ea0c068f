import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { businessAgents, businesses, businessTypes, properties } from '../../db/schema/index.js';
import type { DemoPasswordOf } from '../../platform/seed/demo-login-store.js';
import type { SeedStep } from '../../platform/seed/seed.js';

/**
 * Demo accounts documented in the README: a business owner and an agent with one assigned house.
 * Their passwords are generated per install (`demo-logins.ts`).
 */
export const DEMO_REALTOR = { email: 'realtor@demo.test' } as const;
export const DEMO_AGENT = { email: 'agent@demo.test' } as const;

export function businessSeed(deps: Pick<AppDeps, 'accounts'>, passwordOf: DemoPasswordOf): SeedStep {
  return {
    name: 'demo-real-estate',
    async run({ db }) {
      if (await deps.accounts.findByEmail(DEMO_REALTOR.email)) return;
      const [type] = await db
        .select()
        .from(businessTypes)
        .where(eq(businessTypes.type, 'RealEstate'))
        .limit(1);
      if (!type) return;
      const realtor = await deps.accounts.createAccount({
        username: 'Noor Haddad',
        firstName: 'Noor',
        lastName: 'Haddad',
        email: DEMO_REALTOR.email,
        password: passwordOf(DEMO_REALTOR.email),
        securityQuestion: 'In which city were you born?',
        securityQuestionAnswer: 'Porto',
      });
      const agentUser = await deps.accounts.createAccount({
        username: 'Liam Brooks',
        firstName: 'Liam',
        lastName: 'Brooks',
        email: DEMO_AGENT.email,
        password: passwordOf(DEMO_AGENT.email),
        securityQuestion: 'What was the name of your first pet?',
        securityQuestionAnswer: 'Pepper',
      });
      const [business] = await db
        .insert(businesses)
        .values({ ownerId: realtor.id, typeId: type.id, name: 'Harbour Realty' })
        .returning();
      if (!business) return;
      const [agent] = await db
        .insert(businessAgents)
        .values({ businessId: business.id, userId: agentUser.id })
        .returning();
      const place = { countryCode: 'US', stateCode: 'CA', description: '' };
      await db.insert(properties).values([
        {
          businessId: business.id,
          kind: 'house',
          bedrooms: 3,
          bathrooms: 2,
          garages: 1,
          floors: 2,
          area: 1850,
          priceCents: 64_500_000,
          address: '42 Seacliff Drive, Santa Cruz',
          latitude: 36.9628,
          longitude: -122.0194,
          agentId: agent?.id ?? null,
          ...place,
          description: 'Ocean views, renovated kitchen.',
        },
        {
          businessId: business.id,
          kind: 'building',
          floors: 6,
          units: 24,
          yearBuilt: 1998,
          area: 21_000,
          priceCents: 890_000_000,
          address: '300 Pacific Avenue, Santa Cruz',
          statusId: 3,
          ...place,
        },
        {
          businessId: business.id,
          kind: 'land',
          zoning: 'Agricultural',
          area: 435_600,
          priceCents: 12_000_000,
          address: 'Lot 7, Valley Road, Watsonville',
          ...place,
        },
      ]);
    },
  };
}
