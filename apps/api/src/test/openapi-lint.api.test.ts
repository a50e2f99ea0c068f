import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODE_NAMES, KEY_MANAGER_PATHS } from '@app/contract';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// Decision 020: the generated document fits code generators — `redocly lint` with the
// recommended rules (its engine, @redocly/openapi-core, in process) reports no error.

let server: TestServer;
interface OperationDoc {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: { required?: string[]; properties?: Record<string, unknown> } }>;
    }
  >;
}
interface Document {
  paths: Record<string, Record<string, OperationDoc>>;
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
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'accessToken',
      'apiKey',
      'chatSession',
    ]);
  });
});

describe('OpenAPI document details', () => {
  it('describes the public REST statuses, rate-limit headers, schemes and multipart bodies', () => {
    const operations = Object.entries(document.paths).flatMap(([url, item]) =>
      Object.entries(item).map(([method, operation]) => ({ url, method, ...(operation as OperationDoc) })),
    );
    const info = operations.find((operation) => operation.operationId === 'getKeyInformation');
    expect(info?.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(info?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '402', '403', '404', '429']),
    );
    expect(Object.keys(info?.responses?.['200']?.headers ?? {})).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(info?.responses?.['429']?.headers).toHaveProperty('Retry-After');
    expect(info?.responses?.['401']?.headers).toBeUndefined();
    // Dashboard routes use access tokens; routes without a guard say they need nothing.
    const dashboard = operations.find((operation) => operation.url.endsWith('/key-manager/get-api-keys'));
    expect(dashboard?.security).toEqual([{ accessToken: [] }]);
    expect(operations.filter((operation) => operation.security?.length === 0).length).toBeGreaterThan(0);
    const multipart = operations.filter(
      (operation) => operation.requestBody?.content?.['multipart/form-data'],
    );
    expect(multipart.length).toBeGreaterThan(0);
  });
});

describe('a client generated with openapi-typescript', () => {
  it('type-checks, and types the public REST replies', async () => {
    const generated = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
    try {
      await writeFile(path.join(dir, 'api.ts'), generated);
      // A consumer a developer would write: wrong field names or a loose `any` fail to compile.
      await writeFile(
        path.join(dir, 'consumer.ts'),
        [
          "import type { operations } from './api';",
          "type Info = operations['getKeyInformation']['responses'][200]['content']['application/json'];",
          "type Body = NonNullable<operations['activateKey']['requestBody']>['content']['application/json'];",
          "export const body: Body = { key: 'ABCDE', fingerprint: 'laptop' };",
          'export const count = (info: Info): number => info.currentActivations;',
          '// @ts-expect-error not a field of the reply',
          'export const wrong = (info: Info): number => info.noSuchField;',
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(dir, 'consumer.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('shows the failure envelope’s code, required, with the closed list as its enum (decision 031)', () => {
    const operation = document.paths[KEY_MANAGER_PATHS.activateKey]?.post;
    for (const status of ['401', '404', '409', '429']) {
      const schema = operation?.responses?.[status]?.content?.['application/json']?.schema;
      expect(schema?.required, status).toContain('code');
      expect(schema?.properties?.code, status).toMatchObject({ type: 'string', enum: ERROR_CODE_NAMES });
    }
  });
});
