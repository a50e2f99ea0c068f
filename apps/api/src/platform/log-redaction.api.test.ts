import { randomBytes } from 'node:crypto';
import { ACCOUNT_PATHS, KEY_MANAGER_PATHS, SITE_PATHS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDeveloper } from '../modules/key-manager/key-manager-kit.test.js';
import { signupBody } from '../test/fixtures.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { httpClient } from '../test/http.js';

// docs/operations.md, Logs: the server log never holds passwords, password or answer hashes, tokens or
// API keys — not even when a sign-up fails inside the database, whose error carries the row it was
// writing.

let server: TestServer;
let request: ReturnType<typeof httpClient>;
const lines: string[] = [];
const log = () => lines.join('');

beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => lines.push(line) },
    // A constraint of this file's own is added below; on PostgreSQL other files must not see it.
    isolatedDatabase: true,
  });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

describe('server log', () => {
  it('holds no password, hash, token or API key through sign-up, sign-in, refresh and API-key calls', async () => {
    const secrets: string[] = [];

    // A sign-up the database refuses: the insert carries both argon2 hashes.
    const refusedName = `Refused${randomBytes(4).toString('hex')}`;
    await server.database.db.execute(
      sql.raw(`alter table users add constraint log_probe check (first_name <> '${refusedName}') not valid`),
    );
    const refused = signupBody({ firstName: refusedName, securityQuestionAnswer: 'Answer-refused-1' });
    secrets.push(refused.password, refused.data.securityQuestionAnswer);
    expect((await request(ACCOUNT_PATHS.signup, { body: refused })).status).toBe(500);

    const account = signupBody({ password: 'Secret-pass-42', confirmationPassword: 'Secret-pass-42' });
    account.password = 'Secret-pass-42';
    secrets.push(account.password, account.data.securityQuestionAnswer);
    const signup = await request<{ access: string; refresh: string }>(ACCOUNT_PATHS.signup, {
      body: account,
    });
    expect(signup.status).toBe(200);
    secrets.push(signup.body.access, signup.body.refresh);

    const wrong = await request(ACCOUNT_PATHS.signin, {
      body: { email: account.data.email, password: 'Wrong-pass-77' },
    });
    expect(wrong.status).toBe(401);
    secrets.push('Wrong-pass-77');
    const signin = await request<{ access: string; refresh: string }>(ACCOUNT_PATHS.signin, {
      body: { email: account.data.email, password: account.password },
    });
    expect(signin.status).toBe(200);
    const refreshed = await request<{ access: string; refresh: string }>(ACCOUNT_PATHS.refresh, {
      body: { refresh: signin.body.refresh },
    });
    expect(refreshed.status).toBe(200);
    secrets.push(signin.body.access, signin.body.refresh, refreshed.body.access, refreshed.body.refresh);

    const developer = await newDeveloper(server);
    const apiKey = await developer.apiKey();
    secrets.push(developer.token, apiKey);
    const information = await request(KEY_MANAGER_PATHS.getKeyInformation, {
      body: { key: 'no-such-key' },
      token: apiKey,
    });
    expect(information.status).toBe(404);

    // A token in a URL (the e-mailed one-click unsubscribe link).
    const linkToken = `link-${randomBytes(12).toString('hex')}`;
    secrets.push(linkToken);
    await request(`${SITE_PATHS.oneClickUnsubscribe}?token=${linkToken}`, { body: {} });

    const text = log();
    expect(text).toContain('incoming request');
    // The refused sign-up was logged, by its SQL and the constraint, so this test looks at that path.
    expect(text).toContain('unhandled error');
    expect(text).toContain('log_probe');
    expect(text).not.toContain('$argon2');
    for (const secret of secrets) expect(text, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
  });
});
