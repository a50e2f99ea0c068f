import { ACCOUNT_PATHS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAuditEvents } from '../../db/schema/index.js';
import { signupClient } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';

/** Security events on the person's own account's trail (decision 033). */
let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

const idOf = (access: string) =>
  JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()).sub as string;

describe('security audit events', () => {
  it('a password change in Settings and a reset record password.changed with the mail, never on a refusal', async () => {
    const person = await signupClient(server, { securityQuestionAnswer: 'Biscuit' });
    const id = idOf(person.access);
    const events = () =>
      server.database.db
        .select()
        .from(accountAuditEvents)
        .where(and(eq(accountAuditEvents.accountId, id), eq(accountAuditEvents.action, 'password.changed')));
    const wrong = await request(ACCOUNT_PATHS.settingsPassword, {
      token: person.access,
      body: { currentPassword: 'nope-nope-1', password1: 'new-pass-word-1', password2: 'new-pass-word-1' },
    });
    expect(wrong.status).toBe(400);
    expect(await events()).toEqual([]);
    const changed = await request(ACCOUNT_PATHS.settingsPassword, {
      token: person.access,
      body: { currentPassword: person.password, password1: 'new-pass-word-1', password2: 'new-pass-word-1' },
    });
    expect(changed.status).toBe(200);
    const reset = await request(ACCOUNT_PATHS.resetPassword, {
      body: {
        email: person.email,
        answer: 'Biscuit',
        password1: 'reset-word-22',
        password2: 'reset-word-22',
      },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const recorded = await events();
    expect(recorded.map((event) => event.detail)).toEqual(
      expect.arrayContaining([{ way: 'settings' }, { way: 'reset' }]),
    );
    expect(recorded[0]?.actorName).toBe('Grace Hopper');
  });
});
