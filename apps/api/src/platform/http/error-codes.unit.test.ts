import {
  ERROR_CODE_NAMES,
  ERROR_CODES,
  type ErrorStatus,
  GENERIC_ERROR_CODES,
  KEY_MANAGER_ERRORS,
  ZFailedResponse,
} from '@app/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler.js';
import { AppError, badRequest, conflict, notFound, refusal, tooManyRequests } from './errors.js';

// Decision 031: a code always comes with the status the contract gives it, whoever builds the
// failure (an AppError naming its code, a generic helper, Fastify or a plugin, or a crash).
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get<{ Params: { code: string } }>('/code/:code', async (request) => {
    const code = ERROR_CODE_NAMES.find((name) => name === request.params.code) ?? 'invalid_input';
    throw new AppError(ERROR_CODES[code], `refused: ${code}`, {}, undefined, undefined, code);
  });
  app.get<{ Params: { status: string } }>('/fastify/:status', async (request) => {
    throw Object.assign(new Error('plugin refusal'), { statusCode: Number(request.params.status) });
  });
  app.get('/crash', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});
afterAll(async () => app?.close());

async function failure(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: ZFailedResponse.parse(response.json()) };
}

describe('the error codes', () => {
  it('answer every code with its own status', async () => {
    for (const code of ERROR_CODE_NAMES) {
      const { status, body } = await failure(`/code/${code}`);
      expect({ code: body.code, status }).toEqual({ code, status: ERROR_CODES[code] });
    }
  });

  it('give every status the API answers a generic code of that status', async () => {
    for (const [status, code] of Object.entries(GENERIC_ERROR_CODES)) {
      expect(ERROR_CODES[code]).toBe(Number(status));
    }
    for (const status of Object.keys(GENERIC_ERROR_CODES)
      .map(Number)
      .filter((s) => s < 500)) {
      const answered = await failure(`/fastify/${status}`);
      expect(answered.status).toBe(status);
      expect(answered.body.code).toBe(GENERIC_ERROR_CODES[status as ErrorStatus]);
    }
  });

  it('answer a 4xx outside the list as the 400 its code stands for, and a crash as internal_error', async () => {
    expect(await failure('/fastify/418')).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    expect(await failure('/crash')).toEqual({
      status: 500,
      body: { status: 'failed', code: 'internal_error', message: 'Something went wrong on our side' },
    });
  });

  it('give each Key Manager refusal a code whose status is the refusal’s', () => {
    for (const entry of Object.values(KEY_MANAGER_ERRORS)) {
      expect(ERROR_CODES[entry.code]).toBe(entry.httpStatus);
      expect(refusal(entry)).toMatchObject({ statusCode: entry.httpStatus, code: entry.code });
    }
    const codes = Object.values(KEY_MANAGER_ERRORS).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('default the helpers’ code from the status and keep it on about()', () => {
    expect(badRequest('x').code).toBe('invalid_input');
    expect(notFound().code).toBe('not_found');
    expect(conflict('x').code).toBe('conflict');
    expect(tooManyRequests(5).code).toBe('rate_limited');
    expect(refusal(KEY_MANAGER_ERRORS.keyDisabled).about('key').code).toBe('key_disabled');
    // A code of another status is not sent with this one.
    expect(new AppError(404, 'x', {}, undefined, undefined, 'key_disabled').code).toBe('not_found');
  });
});
