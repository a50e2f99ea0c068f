import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeErrorSafely } from './log-redaction.js';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

describe('serializeErrorSafely', () => {
  it('logs a failed query as its SQL and the database error by code, never the values', () => {
    const databaseError = Object.assign(
      new Error('new row for relation "users" violates check constraint "x"'),
      {
        code: '23514',
        table: 'users',
        constraint: 'x',
        detail: `Failing row contains (grace@example.com, ${HASH}).`,
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" values ($1, $2)',
      ['grace@example.com', HASH],
      databaseError,
    );
    const logged = serializeErrorSafely(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('grace@example.com');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" values ($1, $2)',
      cause: { code: '23514', table: 'users', constraint: 'x' },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: insert.*\n {4}at /);
  });

  it('keeps type, message, code and frames of ordinary errors, three causes deep', () => {
    const error = new TypeError('boom', { cause: new Error('one', { cause: new Error('two') }) });
    const logged = serializeErrorSafely(error);
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'boom',
      cause: { message: 'one', cause: { message: 'two' } },
    });
    expect(serializeErrorSafely('a string')).toMatchObject({ type: 'string' });
  });
});

describe('redactUrl', () => {
  it('blanks the values of secret query parameters and nothing else', () => {
    expect(redactUrl('/api/v1/anonymous/newsletter/one-click-unsubscribe?token=abc123')).toBe(
      '/api/v1/anonymous/newsletter/one-click-unsubscribe?token=[redacted]',
    );
    expect(redactUrl('/x?search=ann&api_key=k1&page=2&access=t')).toBe(
      '/x?search=ann&api_key=[redacted]&page=2&access=[redacted]',
    );
    expect(redactUrl('/api/v1/products/get/all')).toBe('/api/v1/products/get/all');
  });
});
