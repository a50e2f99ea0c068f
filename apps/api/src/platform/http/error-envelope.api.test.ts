import {
  ACCOUNT_PATHS,
  ADMIN_PATHS,
  BILLING_PATHS,
  CATALOG_ADMIN_PATHS,
  ERROR_CODES,
  type ErrorCode,
  isErrorCode,
  KEY_MANAGER_PATHS,
  REFUND_PATHS,
  receiptPdfPath,
  SITE_PATHS,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE, listingForm, ownerWithBusiness } from '../../modules/business/business-kit.test.js';
import { givePrivatePlan, newDeveloper } from '../../modules/key-manager/key-manager-kit.test.js';
import { createAccount, signupBody, signupClient, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { type HttpResult, httpClient } from '../../test/http.js';
import { PNG, requestForm } from '../../test/project-fixtures.js';
import { JSON_BODY_LIMIT } from './json-body.js';

/**
 * The error envelope (docs/api.md): failures read as sentences a client can show as they are; the
 * envelope's `field` names the input for developers. Messages are checked exactly so raw paths and MIME
 * lists cannot creep back.
 */
let server: TestServer;
let client: TestAccount;
const request = () => httpClient(server.baseUrl);
const PROJECT_REQUEST = '/api/v1/user/project/request';

beforeAll(async () => {
  server = await startTestServer();
  client = await createAccount(server, 'client');
});
afterAll(async () => server?.close());

describe('validation failures (JSON bodies)', () => {
  it('answer the schema’s own sentence and the field’s path', async () => {
    const response = await request()(ACCOUNT_PATHS.signup, { body: signupBody({ email: 'not-an-email' }) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Enter a valid email address',
      field: 'data.email',
    });
  });

  it('answer a generated sentence with a readable label when the schema has no message', async () => {
    for (const [maxActivations, message] of [
      [-1, 'Max activations must be 0 (unlimited) or more'],
      ['three', 'Max activations must be a number'],
      [1.5, 'Max activations must be a whole number'],
    ] as const) {
      const response = await request()(KEY_MANAGER_PATHS.addKey, {
        body: { maxActivations, isActivated: true },
        token: client.access,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 'failed',
        code: 'invalid_input',
        message,
        field: 'maxActivations',
      });
    }
    const missing = await request()(ACCOUNT_PATHS.signin, {
      body: { email: client.email, rememberMe: false },
    });
    expect(missing.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Password is required',
      field: 'password',
    });
  });

  it('name an unknown field without zod’s wording', async () => {
    const response = await request()(ACCOUNT_PATHS.signup, { body: { ...signupBody(), isAdmin: true } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'The field "isAdmin" is not accepted here',
      field: 'isAdmin',
    });
  });

  it('explain a body that is not an object', async () => {
    const response = await request()(ACCOUNT_PATHS.signin, { body: [1, 2] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'The request body must be a JSON object',
    });
  });
});

describe('multipart forms', () => {
  it('validate text fields with the same envelope', async () => {
    const response = await request()(PROJECT_REQUEST, {
      body: requestForm({ name: ' ' }),
      token: client.access,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Project name is required',
      field: 'name',
    });
  });

  it('name the upload a route-level rule is about', async () => {
    const response = await request()(PROJECT_REQUEST, {
      body: requestForm({ proposal: null }),
      token: client.access,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Upload a proposal file or give a proposal link',
      field: 'proposal',
    });
  });

  it('say which kinds of file to upload instead of listing MIME types', async () => {
    const response = await request()(PROJECT_REQUEST, {
      body: requestForm({ proposal: { bytes: PNG, name: 'proposal.pdf' } }),
      token: client.access,
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'unsupported_media_type',
      message: 'Upload a PDF, DOC, DOCX or ODT file',
      field: 'proposal',
    });
  });

  it('count files in words', async () => {
    const form = requestForm();
    for (let i = 0; i < 11; i++) form.append('designFiles', new Blob([PNG]), `design-${i}.png`);
    const response = await request()(PROJECT_REQUEST, { body: form, token: client.access });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Attach at most 10 design files',
      field: 'designFiles',
    });
  });
});

describe('listing forms (multipart, checked after reading)', () => {
  it('name the field of a schema failure, a place rule and a photo of the wrong type', async () => {
    const { owner, businessId } = await ownerWithBusiness(server);
    const addHouse = (fields: Record<string, string>, files: Record<string, Buffer> = { thumbnail: PNG }) =>
      request()('/api/business/real-estate/house/add', {
        token: owner.access,
        body: listingForm({ ...HOUSE, businessID: businessId, ...fields }, files),
      });
    expect((await addHouse({ latitude: '91' })).body).toMatchObject({ status: 'failed', field: 'latitude' });
    expect((await addHouse({ state: 'ON' })).body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'Choose a state of the selected country',
      field: 'state',
    });
    const notImage = await addHouse({}, { thumbnail: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n') });
    expect(notImage.status).toBe(415);
    expect(notImage.body).toEqual({
      status: 'failed',
      code: 'unsupported_media_type',
      message: 'Upload a JPEG, PNG, WebP or GIF file',
      field: 'thumbnail',
    });
  });
});

describe('integer ids (serial columns hold at most 2147483647)', () => {
  const refused = (field: string, label: string) => ({
    status: 'failed',
    code: 'invalid_input',
    message: `${label} must be a whole number from 1 to 2147483647`,
    field,
  });

  it('refuse one past int4 in a JSON body, a path and a multipart field with a 400 naming the field', async () => {
    const quote = await request()(BILLING_PATHS.upgradeQuote, {
      body: { productID: 2 ** 31, planID: 1 },
      token: client.access,
    });
    expect(quote.status).toBe(400);
    expect(quote.body).toEqual(refused('productID', 'Product ID'));

    const pdf = await request()(receiptPdfPath(2 ** 31), { token: client.access });
    expect(pdf.status).toBe(400);
    expect(pdf.body).toEqual(refused('id', 'ID'));

    const admin = await createAccount(server, 'admin');
    const form = new FormData();
    form.append('productID', String(2 ** 31));
    form.append('date', '2031-01-15');
    const update = await request()(CATALOG_ADMIN_PATHS.productUpdateAdd, { body: form, token: admin.access });
    expect(update.status).toBe(400);
    expect(update.body).toEqual(refused('productID', 'Product ID'));
  });

  it('still look up the largest int4 id (a 404, not a refusal)', async () => {
    const pdf = await request()(receiptPdfPath(2 ** 31 - 1), { token: client.access });
    expect(pdf.status).toBe(404);
  });
});

describe('failures about no particular field', () => {
  it('carry no field', async () => {
    const response = await request()(ACCOUNT_PATHS.signin, {
      body: { email: client.email, password: 'wrong-password', rememberMe: false },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      status: 'failed',
      code: 'unauthorized',
      message: 'Incorrect email or password',
    });
  });
});

/** A failure's code is one of the contract's list, and the reply's status is that code's (decision 031). */
function expectCode(response: HttpResult, code: ErrorCode): void {
  const sent = response.body.code;
  expect(isErrorCode(sent), `code ${String(sent)} is in ERROR_CODES`).toBe(true);
  expect({ status: response.status, code: sent }).toEqual({ status: ERROR_CODES[code], code });
  expect(response.body.status).toBe('failed');
}

describe('every kind of failure carries a code of its status', () => {
  it('validation, malformed JSON, a body too large and a wrong content type', async () => {
    const invalid = await request()(ACCOUNT_PATHS.signup, { body: signupBody({ email: 'x' }) });
    expectCode(invalid, 'invalid_input');
    const malformed = await request()(ACCOUNT_PATHS.signin, { body: '{"email": ' });
    expectCode(malformed, 'invalid_input');
    expect(malformed.body.message).toBe('The request body is not valid JSON');
    const tooLarge = await request()(SITE_PATHS.crmLead, { body: { message: 'x'.repeat(JSON_BODY_LIMIT) } });
    expectCode(tooLarge, 'payload_too_large');
    const wrongType = await request()(ACCOUNT_PATHS.signin, {
      method: 'POST',
      body: 'email=a',
      headers: { 'content-type': 'text/csv' },
    });
    expectCode(wrongType, 'unsupported_media_type');
  });

  it('the router’s own refusals: a path parameter too long, an address that does not decode', async () => {
    const tooLong = await request()(REFUND_PATHS.receiptPdf.replace(':id', '9'.repeat(200)), {
      token: client.access,
    });
    expect(tooLong.body).toEqual({
      status: 'failed',
      code: 'uri_too_long',
      message: 'A part of the address is too long',
    });
    expectCode(tooLong, 'uri_too_long');
    const undecodable = await request()(REFUND_PATHS.receiptPdf.replace(':id', '%E0%A4%A'), {
      token: client.access,
    });
    expect(undecodable.body).toEqual({
      status: 'failed',
      code: 'invalid_input',
      message: 'The address is not valid',
    });
    expectCode(undecodable, 'invalid_input');
  });

  it('an unknown /api path, missing credentials, a wrong role and a conflict', async () => {
    const unknown = await request()('/api/v1/does-not-exist', { body: {} });
    expect(unknown.body).toEqual({
      status: 'failed',
      code: 'not_found',
      message: 'No API route POST /api/v1/does-not-exist',
    });
    expectCode(unknown, 'not_found');
    expectCode(await request()(ADMIN_PATHS.overview), 'unauthorized');
    expectCode(await request()(ADMIN_PATHS.overview, { token: client.access }), 'forbidden');
    const taken = await request()(ACCOUNT_PATHS.signup, { body: signupBody({ email: client.email }) });
    expectCode(taken, 'conflict');
  });

  it('a sign-in rate limit and the Key Manager’s own refusals, from its API-key guard and its rate limit', async () => {
    const owner = await signupClient(server);
    let limited: HttpResult | undefined;
    for (let attempt = 0; attempt < 10 && limited?.status !== 429; attempt++) {
      limited = await request()(ACCOUNT_PATHS.signin, {
        body: { email: owner.email, password: `wrong-${attempt}-password`, rememberMe: false },
      });
    }
    expectCode(limited as HttpResult, 'rate_limited');

    const developer = await newDeveloper(server);
    const path = KEY_MANAGER_PATHS.getKeyInformation;
    expectCode(await request()(path, { body: { key: 'k' } }), 'api_key_required');
    expectCode(await request()(path, { body: { key: 'k' }, token: 'km_live_nope' }), 'invalid_api_key');
    await givePrivatePlan(server, developer.email, developer.productId, 10);
    const apiKey = await developer.apiKey();
    const statuses: number[] = [];
    let overRate: HttpResult | undefined;
    for (let call = 0; call <= 10; call++) {
      const answered = await request()(path, { body: { key: 'no-such-key' }, token: apiKey });
      if (answered.status === 404) expectCode(answered, 'key_not_found');
      statuses.push(answered.status);
      overRate = answered;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    expectCode(overRate as HttpResult, 'rate_limited');
    expect(overRate?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });
});
