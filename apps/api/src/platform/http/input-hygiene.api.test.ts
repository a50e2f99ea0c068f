import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_PATHS,
  PROJECT_PATHS,
  SITE_PATHS,
  USER_ADMIN_PATHS,
  type UserInformationResponse,
} from '@app/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signupBody, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { JSON_BODY_LIMIT, TOO_DEEP_MESSAGE } from './json-body.js';

let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;
let client: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
  client = await createAccount(server, 'client');
});
afterAll(async () => server?.close());

const lead = (overrides: Record<string, string> = {}) => ({
  name: 'Ada',
  email: 'ada@example.com',
  intent: 'demo',
  message: '',
  ...overrides,
});

describe('control characters', () => {
  it('refuses NUL in a JSON field with a 400 naming the field, before the database sees it', async () => {
    const body = signupBody();
    body.data.firstName = 'Gr\u0000ace';
    const response = await request(ACCOUNT_PATHS.signup, { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'First name contains characters that are not allowed',
      field: 'data.firstName',
    });
    expect(await server.deps.accounts.findByEmail(body.data.email)).toBeNull();
  });

  it('refuses other control characters and broken surrogates on an unauthenticated form', async () => {
    for (const name of ['Ada\u001b[2J', 'Ada\u0007', 'Ada\ud800']) {
      const response = await request(SITE_PATHS.crmLead, { body: lead({ name }) });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.body).toMatchObject({ field: 'name' });
    }
  });

  it('accepts tab and line breaks', async () => {
    const response = await request(SITE_PATHS.crmLead, {
      body: lead({ message: 'Hello,\n\tsee you\r\nAda' }),
    });
    expect(response.status).toBe(200);
  });

  it('refuses them in object keys, the query string and path parameters too', async () => {
    const key = await request(SITE_PATHS.crmLead, { body: { ...lead(), 'x\u0000': 1 } });
    expect(key.status).toBe(400);
    const search = await request(`${USER_ADMIN_PATHS.clients}?search=a%00b`, { token: admin.access });
    expect(search.status).toBe(400);
    expect(search.body).toMatchObject({ field: 'search' });
    const param = await request('/api/v1/files/a%00b', { token: admin.access });
    expect(param.status).toBe(400);
  });

  it('refuses them in multipart text fields', async () => {
    const form = new FormData();
    form.append('name', 'Villa\u0000');
    const response = await request(PROJECT_PATHS.request, { body: form, token: client.access });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'name' });
  });
});

describe('JSON bodies', () => {
  it('refuses deep nesting with a 400 before parsing it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => request(SITE_PATHS.crmLead, { body: deep })),
    );
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: TOO_DEEP_MESSAGE });
    }
  });

  it('refuses a body over the JSON size limit with 413', async () => {
    const response = await request(SITE_PATHS.crmLead, {
      body: lead({ message: 'x'.repeat(JSON_BODY_LIMIT) }),
    });
    expect(response.status).toBe(413);
  });
});

describe('display names', () => {
  it('drops bidi overrides and invisible characters from names people see', async () => {
    const body = signupBody({ firstName: 'Eve\u202egnp', lastName: '\u200bHopper\u2066' });
    const signup = await request<{ access: string }>(ACCOUNT_PATHS.signup, { body });
    expect(signup.status).toBe(200);
    const info = await request<UserInformationResponse>(ACCOUNT_PATHS.userInformationGet, {
      token: signup.body.access,
    });
    expect(info.body.userInformation.accountInformation).toMatchObject({
      firstName: 'Evegnp',
      lastName: 'Hopper',
    });
  });
});

describe('who is calling comes first', () => {
  it('answers an anonymous caller 401 and a wrong role 403 without looking at the body', async () => {
    const invalid = { notAField: true };
    const anonymous = await request(USER_ADMIN_PATHS.createStaff, { body: invalid });
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toMatch(/firstName|notAField/);
    const wrongRole = await request(USER_ADMIN_PATHS.createStaff, { body: invalid, token: client.access });
    expect(wrongRole.status).toBe(403);
    const malformed = await request(USER_ADMIN_PATHS.createStaff, { body: '{"a":', token: client.access });
    expect(malformed.status).toBe(403);
    const allowed = await request(USER_ADMIN_PATHS.createStaff, { body: invalid, token: admin.access });
    expect(allowed.status).toBe(400);
  });

  it('answers a validly signed token with a malformed subject 401', async () => {
    const token = await new SignJWT({ user_type: 'a', sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject("1' or '1'='1")
      .setIssuedAt(Math.floor(server.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    const response = await request(USER_ADMIN_PATHS.staff, { token });
    expect(response.status).toBe(401);
  });
});
