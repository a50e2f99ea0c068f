import type { FailedResponse } from '@app/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { getAccessToken, getRefreshToken } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType> {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart with the browser's boundary. */
  body?: unknown;
  /** Parses the success reply; the contract schema for this call. */
  schema: S;
  /** Send the bearer token and refresh it on 401. Off for sign-in style calls. */
  auth?: boolean;
  /** Extra headers, e.g. a chat session token for visitors. */
  headers?: Record<string, string>;
  /**
   * From a query function (TanStack Query passes one to every query; mutations have none). Such a
   * request is marked as a read, which the server logs at debug rather than info when it succeeds:
   * polling repeats them every few seconds (docs/operations.md, Logs).
   */
  signal?: AbortSignal;
  /**
   * A polled call whose server answers ETags (docs/api.md "Conditional polls"): the last reply is
   * remembered by path and body, sent back as `If-None-Match`, and a 304 returns it again.
   */
  conditional?: boolean;
}

/** The last tagged replies of conditional calls; a few, the oldest forgotten first. */
const tagged = new Map<string, { etag: string; value: unknown }>();
const TAGGED_MAX = 8;

function remember(key: string, etag: string, value: unknown): void {
  tagged.delete(key);
  tagged.set(key, { etag, value });
  if (tagged.size > TAGGED_MAX) {
    const oldest = tagged.keys().next().value;
    if (oldest !== undefined) tagged.delete(oldest);
  }
}

/** The header that marks a request as a read (apps/api/src/platform/http/request-logging.ts). */
const READ_HEADER = 'X-Request-Kind';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The error envelope, checked by hand: this module loads on every page, and any value import from the
 * contract would pull zod into the first download (decision 009's budget). Callers' schemas bring zod later.
 */
function isFailedEnvelope(body: unknown): body is FailedEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const { status, message, field, code } = body as Record<string, unknown>;
  return (
    status === 'failed' &&
    typeof message === 'string' &&
    (field === undefined || typeof field === 'string') &&
    (code === undefined || typeof code === 'string')
  );
}
/** The envelope as read: `code` may be missing from a reply that did not come from this server. */
type FailedEnvelope = Omit<FailedResponse, 'code'> & { code?: string };

export function failureMessage(status: number, body: unknown): string {
  if (isFailedEnvelope(body)) return body.message;
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status === 413) return 'The upload is too large.';
  if (status >= 500) return 'The server had a problem. Please try again.';
  return `Request failed (${status})`;
}

/** The ApiError for a failed reply: the server's sentence, its code and the field it names, if any. */
export function failureError(status: number, body: unknown): ApiError {
  const envelope = isFailedEnvelope(body) ? body : undefined;
  return new ApiError(status, failureMessage(status, body), envelope?.field, envelope?.code);
}

async function send(path: string, options: RequestOptions<z.ZodType>): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const access = options.auth === false ? null : getAccessToken();
  if (access) headers.set('Authorization', `Bearer ${access}`);
  if (options.signal) headers.set(READ_HEADER, 'read');
  return fetch(path, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  });
}

/** Exchanges a refresh token for a new pair; false when that failed. */
export type TokenExchange = (presented: string) => Promise<boolean>;

let exchangeToken: TokenExchange | null = null;
let inflightRefresh: Promise<boolean> | null = null;

/**
 * The app's entry (main.tsx) says how a refresh token is exchanged: session-exchange.ts, loaded on
 * first use so it stays out of every page's first download. Injected rather than imported, because
 * the exchange itself calls the server through this client.
 */
export function setTokenExchange(exchange: TokenExchange): void {
  exchangeToken = exchange;
}

/**
 * Exchanges the refresh token for a new pair. Single-flight within the tab (and one tab at a time,
 * session-exchange.ts): refresh tokens rotate, so two concurrent exchanges would spend the same token
 * and the second would be refused as reuse. Without an exchange set (pages rendered at build time)
 * nothing is renewed.
 */
export function refreshSession(): Promise<boolean> {
  if (inflightRefresh) return inflightRefresh;
  const presented = getRefreshToken();
  if (!presented || !exchangeToken) return Promise.resolve(false);
  inflightRefresh = exchangeToken(presented)
    // The exchange's chunk did not load (offline): a transient failure, retried later.
    .catch(() => false)
    .finally(() => {
      inflightRefresh = null;
    });
  return inflightRefresh;
}

/** The one fetch wrapper: envelope parsing, ApiError on failure, one silent refresh on 401. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const key = options.conditional ? `${path}\n${JSON.stringify(options.body ?? null)}` : null;
  const held = key === null ? undefined : tagged.get(key);
  const sent = held ? { ...options, headers: { ...options.headers, 'If-None-Match': held.etag } } : options;
  let response = await send(path, sent);
  if (response.status === 401 && options.auth !== false && getRefreshToken()) {
    if (await refreshSession()) response = await send(path, sent);
  }
  // Nothing changed: the reply we hold is still current (the tag names the account, decision 025).
  if (response.status === 304 && held) return held.value as z.output<S>;
  const body = await readBody(response);
  if (!response.ok) throw failureError(response.status, body);
  if (isFailedEnvelope(body)) throw failureError(response.status, body);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected reply from the server.');
  const etag = response.headers.get('ETag');
  if (key !== null && etag) remember(key, etag, parsed.data);
  return parsed.data;
}
