import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { DEMO_LOGINS } from '../../demo-logins.js';
import { uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { verifiedDemoLoginsSeed } from './seed-verified.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const verifiedAt = async (email: string) =>
  (await server.database.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerifiedAt;

describe('demo logins are verified', () => {
  it('the step verifies the listed demo logins once and nobody else', async () => {
    const demo = uniqueEmail('demo');
    const other = uniqueEmail('other');
    for (const email of [demo, other]) {
      await server.deps.accounts.createAccount({
        username: 'Demo person',
        firstName: 'Demo',
        lastName: 'Person',
        email,
        password: 'demo-password-1',
        securityQuestion: 'Favourite colour?',
        securityQuestionAnswer: 'Teal',
      });
    }
    expect(await verifiedAt(demo)).toBeNull();
    const step = verifiedDemoLoginsSeed([demo], server.clock);
    await step.run({ db: server.database.db, log: server.deps.log });
    const first = await verifiedAt(demo);
    expect(first).toBeInstanceOf(Date);
    expect(await verifiedAt(other)).toBeNull();
    server.clock.advance(60_000);
    await step.run({ db: server.database.db, log: server.deps.log });
    expect(await verifiedAt(demo)).toEqual(first);
  });

  it('every demo login of the README is in the list the seeds verify', () => {
    expect(DEMO_LOGINS.map((login) => login.email)).toEqual(
      expect.arrayContaining(['client@demo.test', 'staff@demo.test', 'realtor@demo.test', 'agent@demo.test']),
    );
  });
});
