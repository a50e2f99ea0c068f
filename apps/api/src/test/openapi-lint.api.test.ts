import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// Issue 14 item 5: the generated document fits code generators — `redocly lint` with the
// recommended rules (its engine, @redocly/openapi-core, in process) reports no error.

let server: TestServer;
interface Document {
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, unknown> };
}
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.baseUrl}/api/docs/json`);
  document = (await response.json()) as Document;
}, 60_000);
afterAll(async () => server?.close());

describe('OpenAPI document', () => {
  it('passes redocly lint (recommended) with no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: `${server.baseUrl}/api/docs/json`,
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
  });

  it('has a unique operationId on every operation and separate bearer schemes', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['accessToken', 'apiKey']);
  });
});
