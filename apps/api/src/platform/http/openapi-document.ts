import { CHAT_SESSION_HEADER, RATE_LIMIT_HEADERS } from '@app/contract';
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The OpenAPI document's shape for code generators (decision 020), decided here in one place
 * instead of in every route: operation ids, the two bearer schemes, `security: []` on public
 * operations, described error statuses, rate-limit headers and multipart request bodies.
 */

/** Access tokens (users, the dashboard) and manager API keys (Key Manager public REST) differ. */
export const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token from sign-in (`/api/v1/auth/…`), renewed with the refresh token.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Key Manager API key: secret `km_live_…` (server side, every operation) or publishable `km_pub_…` ' +
      '(apps and web pages: get information, activate, deactivate a device).',
  },
  chatSession: {
    type: 'apiKey',
    in: 'header',
    name: CHAT_SESSION_HEADER,
    description: 'Customer-service visitor: the session token from `/api/v1/customer-service/init`.',
  },
} as const;

const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '204': 'No content',
  '400': 'Invalid input (the message names the field)',
  '401': 'Missing, invalid or expired credentials',
  '402': 'The owner’s subscription is suspended for late payment',
  '403': 'Not allowed: no plan, a role or a key type that may not do this',
  '404': 'Not found',
  '409': 'Refused in the current state (the message says why)',
  '413': 'Too large',
  '415': 'Unsupported content type',
  '429': 'Rate limited (see Retry-After)',
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' } });
const RATE_LIMIT_RESPONSE_HEADERS = {
  [headerName(RATE_LIMIT_HEADERS.limit)]: integerHeader('Calls allowed per minute by the plan'),
  [headerName(RATE_LIMIT_HEADERS.remaining)]: integerHeader('Calls left in the current window'),
  [headerName(RATE_LIMIT_HEADERS.reset)]: integerHeader('Seconds until the window resets'),
};
const RETRY_AFTER_HEADER = { 'Retry-After': integerHeader('Seconds to wait before calling again') };
/** Answered by the API-key guard before the rate limit is counted: no rate-limit headers. */
const BEFORE_RATE_LIMIT = new Set(['401', '402']);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type JsonObject = Record<string, unknown>;
interface Operation extends JsonObject {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, unknown>>;
  requestBody?: JsonObject;
  responses?: Record<string, JsonObject>;
}

function headerName(lower: string): string {
  return lower
    .replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`)
    .replace('Ratelimit', 'RateLimit');
}

const pascal = (word: string) => (word ? word[0]?.toUpperCase() + word.slice(1) : '');

/**
 * `post /api/v1/saas-platform/key-manager/add-key` → `postSaasPlatformKeyManagerAddKey`,
 * `get /api/v1/projects/{id}` → `getProjectsById`: stable, unique, derived from method and path.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(\/v\d+)?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const parts = (param ? `by-${param[1]}` : segment).split(/[^A-Za-z0-9]+/);
      return parts.map(pascal);
    });
  return `${method.toLowerCase()}${words.join('') || 'Root'}`;
}

function describeResponses(operation: Operation, usesApiKey: boolean): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!response.description || response.description === 'Default Response') {
      response.description = STATUS_DESCRIPTIONS[status] ?? 'Response';
    }
    if (usesApiKey && !BEFORE_RATE_LIMIT.has(status)) {
      response.headers = {
        ...RATE_LIMIT_RESPONSE_HEADERS,
        ...(status === '429' ? RETRY_AFTER_HEADER : {}),
        ...(response.headers as JsonObject | undefined),
      };
    }
  }
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The text fields of a multipart upload, which its handler validates by hand (files stream
     * first): not compiled by Fastify, only documented as the multipart request body.
     */
    multipartFields?: ZodType;
  }
}

/**
 * `transform` for @fastify/swagger: the zod schemas to JSON Schema, and a route that reads multipart
 * (declared with `consumes`) without a JSON body schema gets a multipart request body: its text
 * fields when the route names them in `multipartFields`, the files as further parts.
 */
export const routeSchemaTransform: typeof jsonSchemaTransform = (input) => {
  const { multipartFields, ...schema } = (input.schema ?? {}) as FastifySchema;
  const result = jsonSchemaTransform({
    ...input,
    schema: multipartFields && schema.body === undefined ? { ...schema, body: multipartFields } : schema,
  });
  const transformed = result.schema as { body?: Record<string, unknown>; consumes?: string[] };
  if (!transformed.consumes?.includes('multipart/form-data')) return result;
  if (multipartFields && schema.body === undefined) {
    result.schema = {
      ...result.schema,
      body: {
        ...transformed.body,
        description: 'multipart/form-data: these text fields; the files are listed in the summary',
        additionalProperties: true,
      },
    };
  } else if (transformed.body === undefined) {
    result.schema = {
      ...result.schema,
      body: {
        type: 'object',
        description: 'multipart/form-data: the fields and files are listed in the summary',
        additionalProperties: true,
      },
    };
  }
  return result;
};

/** `transformObject` for @fastify/swagger: rewrites the generated OpenAPI document in place. */
export const shapeOpenApiDocument: SwaggerTransformObject = (input) =>
  'openapiObject' in input ? shapeOperations(input.openapiObject as JsonObject) : input.swaggerObject;

function shapeOperations(document: JsonObject): JsonObject {
  // Relative: generated clients take the base URL of wherever the document was fetched from.
  document.servers ??= [{ url: '/', description: 'This server' }];
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.summary ??= `${method.toUpperCase()} ${path}`;
      // A route without a guard declares no security: say explicitly that it needs none.
      operation.security ??= [];
      const usesApiKey = operation.security.some((requirement) => 'apiKey' in requirement);
      describeResponses(operation, usesApiKey);
    }
  }
  return document;
}
