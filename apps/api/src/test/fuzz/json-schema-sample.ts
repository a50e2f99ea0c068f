import { randomBytes, randomUUID } from 'node:crypto';

/** The part of JSON Schema the route schemas produce (fastify-type-provider-zod, OpenAPI 3). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
}

// Values that satisfy the few `pattern`s the contract uses (dates, card expiry, CVC, codes).
const PATTERN_CANDIDATES = ['2031-01-15', '12/31', '123', '123456'];

/**
 * A value that satisfies the schema, so a malformed variant differs from a request the server
 * would accept in exactly one place. Identifiers are fresh (random UUIDs, very large integers), so
 * the fuzz never reaches an existing row by accident.
 */
export function sampleOf(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return sampleObject(schema);
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, () => sampleOf(schema.items ?? {}, name));
    }
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'boolean':
      return schema.default ?? true;
    case 'string':
      return sampleString(schema, name);
    default:
      return schema.properties ? sampleObject(schema) : 'fuzz';
  }
}

function sampleObject(schema: JsonSchema): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    result[key] = sampleOf(property, key);
  }
  return result;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const high = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 2_000_000_000) : 2_000_000_000;
  // Large but inside int4, so ids miss every row; limits with a maximum get a value inside them.
  const value = high >= 1_900_000_000 ? 1_900_000_000 + Math.floor(Math.random() * 1_000_000) : high;
  const bounded = Math.max(low + (schema.exclusiveMinimum === true ? 1 : 0), value);
  return integer ? Math.floor(bounded) : bounded;
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2031-01-15';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const match = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (match) return match;
  }
  let value: string;
  if (/email/i.test(name)) value = `fuzz-${randomBytes(5).toString('hex')}@example.com`;
  else if (/password/i.test(name)) value = 'fuzz-password-1';
  else if (/url|link/i.test(name)) value = 'https://example.com/fuzz';
  else value = `fuzz ${randomBytes(3).toString('hex')}`;
  const min = schema.minLength ?? 0;
  if (value.length < min) value = value.padEnd(min, 'x');
  return schema.maxLength !== undefined ? value.slice(0, Math.max(min, schema.maxLength)) : value;
}
