import { ZOkResponse } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeJwt, nowSeconds } from '../test/tokens';
import { apiRequest, refreshSession } from './api-client';
import { ApiError } from './api-error';
import { revokeSession } from './session-exchange';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const authHeader = (init: RequestInit) => new Headers(init.headers).get('Authorization');
const ZData = z.object({ status: z.literal('ok'), value: z.number() });

describe('apiRequest', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the bearer token and parses the reply with the schema', async () => {
    localStorage.setItem('access', 'token-1');
    const fetch = mockFetch(() => json(200, { status: 'ok', value: 3, extra: true }));
    await expect(apiRequest('/api/x', { body: { a: 1 }, schema: ZData })).resolves.toEqual({
      status: 'ok',
      value: 3,
    });
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(authHeader(init ?? {})).toBe('Bearer token-1');
  });

  it('sends FormData untouched so the browser sets the multipart boundary', async () => {
    const fetch = mockFetch(() => json(200, { status: 'ok' }));
    const form = new FormData();
    form.set('name', 'x');
    await apiRequest('/api/upload', { body: form, schema: ZOkResponse });
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('throws ApiError with the server message on a failed envelope', async () => {
    mockFetch(() => json(422, { status: 'failed', message: 'Invalid email or password' }));
    const error = await apiRequest('/api/x', { schema: ZOkResponse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Invalid email or password' });
  });

  it('exposes the code and the field a failure names, and none when the server names none', async () => {
    mockFetch(() =>
      json(400, {
        status: 'failed',
        code: 'invalid_input',
        message: 'Enter a valid email address',
        field: 'data.email',
      }),
    );
    const named = await apiRequest('/api/x', { schema: ZOkResponse }).catch((e: unknown) => e);
    expect(named).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Enter a valid email address',
      field: 'data.email',
    });
    mockFetch(() => json(409, { status: 'failed', message: 'Taken' }));
    const plain = await apiRequest('/api/x', { schema: ZOkResponse }).catch((e: unknown) => e);
    expect(plain).toMatchObject({ status: 409, message: 'Taken', field: undefined, code: undefined });
  });

  it('treats a 200 with status failed as a failure, and rejects replies that break the schema', async () => {
    mockFetch(() => json(200, { status: 'failed', message: 'nope' }));
    await expect(apiRequest('/api/x', { schema: ZOkResponse })).rejects.toThrow('nope');
    mockFetch(() => json(200, { status: 'ok', value: 'three' }));
    await expect(apiRequest('/api/x', { schema: ZData })).rejects.toThrow('Unexpected reply');
  });

  it('refreshes once on 401 (single-flight for parallel calls) and retries with the new token', async () => {
    localStorage.setItem('access', 'old');
    localStorage.setItem('refresh', 'refresh-1');
    const fresh = fakeJwt({ sub: 'u', exp: nowSeconds() + 900 });
    const fetch = mockFetch(async (url, init) => {
      if (url.endsWith('/refresh')) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { status: 'ok', access: fresh, refresh: 'refresh-2' });
      }
      return authHeader(init) === `Bearer ${fresh}` ? json(200, { status: 'ok', value: 1 }) : json(401, {});
    });
    const results = await Promise.all([
      apiRequest('/api/a', { schema: ZData }),
      apiRequest('/api/b', { schema: ZData }),
    ]);
    expect(results).toEqual([
      { status: 'ok', value: 1 },
      { status: 'ok', value: 1 },
    ]);
    const refreshCalls = fetch.mock.calls.filter(([url]) => String(url).endsWith('/refresh'));
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]![1]?.body))).toEqual({ refresh: 'refresh-1' });
    expect(localStorage.getItem('refresh')).toBe('refresh-2');
  });

  it('clears the session when the refresh token is refused, and surfaces the original 401', async () => {
    localStorage.setItem('access', 'old');
    localStorage.setItem('refresh', 'spent');
    mockFetch((url) =>
      url.endsWith('/refresh')
        ? json(401, { status: 'failed', message: 'Invalid refresh token' })
        : json(401, { status: 'failed', message: 'Token expired' }),
    );
    await expect(apiRequest('/api/x', { schema: ZOkResponse })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('does not refresh for unauthenticated calls such as sign in', async () => {
    localStorage.setItem('refresh', 'r');
    const fetch = mockFetch(() => json(401, { status: 'failed', message: 'Invalid email or password' }));
    await expect(apiRequest('/api/signin', { body: {}, schema: ZOkResponse, auth: false })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('refreshSession across tabs', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  /** A Web Locks stand-in that lets "another tab" act while this one waits for the lock. */
  function stubLocks(whileWaiting: () => void) {
    const request = vi.fn(async (_name: string, task: () => Promise<boolean>) => {
      whileWaiting();
      return task();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    return request;
  }

  it('does not spend a token another tab rotated while this one waited for the lock', async () => {
    localStorage.setItem('access', fakeJwt({ sub: 'u', exp: nowSeconds() - 5 }));
    localStorage.setItem('refresh', 'refresh-1');
    const rotated = fakeJwt({ sub: 'u', exp: nowSeconds() + 900 });
    const request = stubLocks(() => {
      localStorage.setItem('access', rotated);
      localStorage.setItem('refresh', 'refresh-2');
    });
    const fetch = mockFetch(() => json(500, {}));
    await expect(refreshSession()).resolves.toBe(true);
    expect(request).toHaveBeenCalledWith('session-refresh', expect.any(Function));
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('refresh')).toBe('refresh-2');
  });

  it('exchanges the token under the lock when nobody rotated it', async () => {
    localStorage.setItem('refresh', 'refresh-1');
    stubLocks(() => undefined);
    const fresh = fakeJwt({ sub: 'u', exp: nowSeconds() + 900 });
    const fetch = mockFetch(() => json(200, { status: 'ok', access: fresh, refresh: 'refresh-2' }));
    await expect(refreshSession()).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access')).toBe(fresh);
  });

  it('keeps the tokens when the refresh fails for a transient reason', async () => {
    localStorage.setItem('refresh', 'refresh-1');
    mockFetch(() => json(503, { status: 'failed', message: 'Unavailable' }));
    await expect(refreshSession()).resolves.toBe(false);
    expect(localStorage.getItem('refresh')).toBe('refresh-1');
  });

  it('revokeSession posts the refresh token to log-out and ignores failures', async () => {
    const fetch = mockFetch(() => json(500, {}));
    await expect(revokeSession('refresh-9')).resolves.toBeUndefined();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('logout');
    expect(JSON.parse(String(init.body))).toEqual({ refresh: 'refresh-9' });
    expect(authHeader(init)).toBeNull();
  });
});

describe('conditional calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends back the last ETag and returns the held reply on 304', async () => {
    let served = 0;
    const fetch = mockFetch((_url, init) => {
      const tag = new Headers(init.headers).get('If-None-Match');
      served += 1;
      if (tag === 'W/"v1"') return new Response(null, { status: 304 });
      return new Response(JSON.stringify({ status: 'ok', value: served }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: 'W/"v1"' },
      });
    });
    const call = () => apiRequest('/api/poll', { body: { page: 1 }, schema: ZData, conditional: true });
    const first = await call();
    expect(first).toEqual({ status: 'ok', value: 1 });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('If-None-Match')).toBeNull();
    await expect(call()).resolves.toBe(first);
    expect(new Headers(fetch.mock.calls[1]?.[1]?.headers).get('If-None-Match')).toBe('W/"v1"');
    // Another body is another reply: no tag is sent for it.
    await apiRequest('/api/poll', { body: { page: 2 }, schema: ZData, conditional: true });
    expect(new Headers(fetch.mock.calls[2]?.[1]?.headers).get('If-None-Match')).toBeNull();
    // Calls that are not conditional never send a tag.
    await apiRequest('/api/poll', { body: { page: 1 }, schema: ZData });
    expect(new Headers(fetch.mock.calls[3]?.[1]?.headers).get('If-None-Match')).toBeNull();
  });
});
