import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, literalAddress } from './address-policy.js';

export interface PostOutcome {
  /** Null when no HTTP answer came. */
  statusCode: number | null;
  succeeded: boolean;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** No answer within the timeout: the attempt held its worker for the whole timeout. */
  timedOut: boolean;
}

export interface PostOptions {
  /** The whole exchange — DNS, connect, TLS, answer — ends after this. */
  timeoutMs: number;
  /** Trial and tests: http:// and non-public addresses are allowed. */
  allowPrivate: boolean;
  /** How much of the answer is read; the rest is never downloaded. */
  excerptBytes: number;
}

/**
 * POSTs one webhook. Only a 2xx answer counts as delivered; redirects are not followed (a 3xx is a
 * failure), so a public endpoint cannot bounce the request to an internal one. Unless private
 * addresses are allowed, the connection goes only to an address checked at this moment: the DNS
 * lookup that opens the socket refuses the name if ANY address it resolves to is not public (so a
 * name cannot switch to an internal address between a check and the connect).
 */
export function postWebhook(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refused = (error: string): Promise<PostOutcome> =>
    Promise.resolve({
      statusCode: null,
      succeeded: false,
      latencyMs: 0,
      responseExcerpt: null,
      error,
      timedOut: false,
    });
  if (!options.allowPrivate) {
    if (url.protocol !== 'https:') return refused('Refused: production endpoints must use https://');
    const literal = literalAddress(url);
    if (literal !== null && !isPublicAddress(literal)) {
      return refused(`Refused: ${literal} is not a public address`);
    }
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        // A fresh connection each time: a pooled socket would skip the address check.
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () =>
          settle({
            statusCode,
            succeeded: statusCode >= 200 && statusCode < 300,
            latencyMs: elapsed(),
            responseExcerpt: excerpt(Buffer.concat(chunks), options.excerptBytes),
            error: null,
            timedOut: false,
          });
        response.on('data', (chunk: Buffer) => {
          if (size < options.excerptBytes) chunks.push(chunk);
          size += chunk.length;
          // Enough for the log: stop downloading (a huge or endless body costs nothing more).
          if (size >= options.excerptBytes) response.destroy();
        });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error) =>
      settle({
        statusCode: null,
        succeeded: false,
        latencyMs: elapsed(),
        responseExcerpt: null,
        error: describe(error, options.timeoutMs),
        timedOut: isTimeout(error),
      }),
    );
    request.end(body);
  });
}

/** dns.lookup, refusing names that resolve to any non-public address. */
const publicOnlyLookup: LookupFunction = (hostname, lookupOptions, callback) => {
  dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
    if (blocked) {
      const refusal: NodeJS.ErrnoException = new Error(
        `Refused: ${hostname} resolves to ${blocked.address}, which is not a public address`,
      );
      refusal.code = 'EWEBHOOKADDRESS';
      return callback(refusal, '', 0);
    }
    if (lookupOptions.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    callback(null, first.address, first.family);
  });
};

const isTimeout = (error: Error) => error.name === 'AbortError' || error.name === 'TimeoutError';

function describe(error: Error, timeoutMs: number): string {
  if (isTimeout(error)) return `Timed out after ${timeoutMs} ms`;
  return error.message.slice(0, 500);
}

/** The start of the answer as text, without characters PostgreSQL or a log view cannot take. */
export function excerpt(bytes: Buffer, limit: number): string | null {
  if (bytes.length === 0) return null;
  let end = Math.min(limit, bytes.length);
  // Cut before a character that does not fit whole (UTF-8 continuation bytes are 10xxxxxx).
  if (end < bytes.length) while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8').replace(CONTROL_CHARACTERS, '');
}

// C0 controls other than tab, line feed and carriage return, and DEL (PostgreSQL refuses NUL).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
