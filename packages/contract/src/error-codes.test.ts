import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZFailedResponse } from './common.js';
import {
  ERROR_CODE_NAMES,
  ERROR_CODES,
  GENERIC_ERROR_CODES,
  isErrorCode,
  isErrorStatus,
} from './error-codes.js';
import { KEY_MANAGER_ERRORS } from './key-manager.js';

const API_DOC = path.resolve(import.meta.dirname, '../../../docs/api.md');

/** The rows of docs/api.md's "Error codes" table: code → status. */
function documentedCodes(): Record<string, number> {
  const doc = readFileSync(API_DOC, 'utf8');
  const section = doc.slice(
    doc.indexOf('### Error codes'),
    doc.indexOf('\n## ', doc.indexOf('### Error codes')),
  );
  const rows = [...section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)];
  return Object.fromEntries(rows.map((row) => [row[1], Number(row[2])]));
}

describe('the error codes (decision 031)', () => {
  it('are snake_case, each with one 4xx or 5xx status', () => {
    for (const code of ERROR_CODE_NAMES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(ERROR_CODES[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_CODES[code]).toBeLessThan(600);
    }
  });

  it('give every status of the list a generic code of that status', () => {
    const statuses = new Set(Object.values(ERROR_CODES));
    expect(new Set(Object.keys(GENERIC_ERROR_CODES).map(Number))).toEqual(statuses);
    for (const [status, code] of Object.entries(GENERIC_ERROR_CODES))
      expect(ERROR_CODES[code]).toBe(Number(status));
    expect(isErrorStatus(409)).toBe(true);
    expect(isErrorStatus(418)).toBe(false);
    expect(isErrorCode('key_disabled')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('name every Key Manager refusal, with the refusal’s status', () => {
    for (const entry of Object.values(KEY_MANAGER_ERRORS)) {
      expect(ERROR_CODES[entry.code]).toBe(entry.httpStatus);
    }
  });

  it('are the envelope’s `code`, which is required and closed', () => {
    expect(ZFailedResponse.safeParse({ status: 'failed', code: 'key_disabled', message: 'x' }).success).toBe(
      true,
    );
    expect(ZFailedResponse.safeParse({ status: 'failed', message: 'x' }).success).toBe(false);
    expect(ZFailedResponse.safeParse({ status: 'failed', code: 'teapot', message: 'x' }).success).toBe(false);
  });

  it('are listed in docs/api.md exactly, with their statuses', () => {
    expect(documentedCodes()).toEqual(ERROR_CODES);
  });
});
