import { type JsonSchema, sampleOf } from './json-schema-sample.js';

/** One operation of the OpenAPI document, as the fuzz needs it. */
export interface Operation {
  method: string;
  /** OpenAPI path, `{param}` placeholders included. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  /** JSON body schema, or null when the operation takes no JSON body. */
  jsonBody: JsonSchema | null;
  /** Takes no JSON schema but may read multipart/form-data (uploads validate their fields by hand). */
  multipart: boolean;
  /** The multipart text fields the document describes (uploads that declare them), or null. */
  multipartFields: JsonSchema | null;
  /** Reads only multipart (answers JSON with 415): its text fields must pass the control-character check. */
  formOnly: boolean;
}

export interface FuzzCase {
  label: string;
  /** The request carries a NUL or control character in a validated field: it must never succeed. */
  mustFail: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);
const LONG_STRING = 'y'.repeat(200_000);
/** Nested arrays: 1 MB (the audit's slow body), 240 kB (under the JSON size limit), 40 deep. */
const DEEP_MEGABYTE = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
const DEEP_UNDER_LIMIT = `${'['.repeat(120_000)}${']'.repeat(120_000)}`;
const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/** Every text field gets the first two; the first text field of an operation gets all four. */
const HOSTILE_TEXT: Array<{ label: string; value: string; mustFail: boolean }> = [
  { label: 'NUL', value: 'a\u0000b', mustFail: true },
  { label: 'control character', value: 'a\u001b[31mb\u0007', mustFail: true },
  { label: 'lone surrogate', value: 'a\ud800b', mustFail: false },
  { label: 'bidi override', value: 'invoice\u202egnp.exe', mustFail: false },
];

/** Fields mutated one by one per operation: enough to reach every kind, few enough for CI. */
const FIELDS_PER_OPERATION = 5;

/**
 * Every numeric parameter and field gets all of these, whichever its position: the edges of
 * PostgreSQL's `integer` (int4, what serial ids and most counts are stored in) and of JavaScript's
 * safe integers, past them, negative, zero, a fraction and numbers no column holds.
 */
const EDGE_NUMBERS: ReadonlyArray<{ label: string; value: number; text: string }> = [
  { label: 'int4 max', value: 2 ** 31 - 1, text: '2147483647' },
  { label: 'past int4', value: 2 ** 31, text: '2147483648' },
  { label: 'below int4', value: -(2 ** 31) - 1, text: '-2147483649' },
  { label: 'max safe integer', value: 2 ** 53 - 1, text: '9007199254740991' },
  { label: 'past safe integer', value: 2 ** 53 + 2, text: '9007199254740993' },
  { label: 'negative', value: -1, text: '-1' },
  { label: 'zero', value: 0, text: '0' },
  { label: 'fraction', value: 1.5, text: '1.5' },
  { label: 'huge number', value: 1e308, text: '1e400' },
  { label: 'beyond int8', value: 2 ** 63, text: '9223372036854775808' },
];

const isNumeric = (schema: JsonSchema | undefined): boolean => {
  const types = [schema?.type, ...(schema?.anyOf ?? []).map((s) => s.type)].flat();
  return types.includes('integer') || types.includes('number');
};

type Path = Array<string | number>;

function leafPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) leafPaths(item, [...prefix, index], out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leafPaths(item, [...prefix, key], out);
  } else out.push(prefix);
  return out;
}

function withValue(body: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(body))
    return body.map((item, index) => (index === head ? withValue(item, rest, value) : item));
  const copy = { ...(body as Record<string, unknown>) };
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  return 'text';
}

export function fillPath(operation: Operation, overrides: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (overrides[name] !== undefined) return overrides[name];
    const param = operation.pathParams.find((p) => p.name === name);
    return encodeURIComponent(String(sampleOf(param?.schema ?? { type: 'string' }, name)));
  });
}

function query(operation: Operation, overrides: Record<string, string | string[]> = {}): string {
  const params = new URLSearchParams();
  for (const param of operation.queryParams) {
    const value = overrides[param.name] ?? String(sampleOf(param.schema, param.name));
    for (const item of Array.isArray(value) ? value : [value]) params.append(param.name, item);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every malformed variant of one operation (and its valid baseline). */
export function malformedRequests(operation: Operation): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const method = operation.method.toUpperCase();
  const baseUrl = fillPath(operation);
  const add = (label: string, request: Partial<FuzzCase>, mustFail = false) =>
    cases.push({ method, url: baseUrl + query(operation), headers: {}, ...request, label, mustFail });

  // Path parameters: control characters, traversal, oversized, wrong shape.
  for (const param of operation.pathParams) {
    for (const [label, value] of [
      ['NUL', 'a%00b'],
      ['control character', '%1B%07'],
      ['traversal', '..%2F..%2Fetc%2Fpasswd'],
      ['oversized', 'z'.repeat(5000)],
      ['negative number', '-1'],
      ['bidi override', '%E2%80%AEx'],
    ] as const) {
      add(
        `path ${param.name}: ${label}`,
        { url: fillPath(operation, { [param.name]: value }) + query(operation) },
        label === 'NUL' || label === 'control character',
      );
    }
    if (!isNumeric(param.schema)) continue;
    for (const edge of EDGE_NUMBERS) {
      add(`path ${param.name}: ${edge.label}`, {
        url: fillPath(operation, { [param.name]: edge.text }) + query(operation),
      });
    }
  }

  // Query parameters: control characters, oversized, repeated (an array where a string is expected).
  for (const param of operation.queryParams) {
    const withQuery = (value: string | string[]) => baseUrl + query(operation, { [param.name]: value });
    add(`query ${param.name}: NUL`, { url: withQuery('a\u0000b') }, true);
    add(`query ${param.name}: control character`, { url: withQuery('a\u0007b') }, true);
    add(`query ${param.name}: oversized`, { url: withQuery('q'.repeat(8000)) });
    add(`query ${param.name}: repeated`, { url: withQuery(['1', '2']) });
    if (!isNumeric(param.schema)) continue;
    for (const edge of EDGE_NUMBERS) add(`query ${param.name}: ${edge.label}`, { url: withQuery(edge.text) });
  }

  if (!operation.jsonBody) {
    if (method === 'GET' || method === 'HEAD') return cases;
    // Whatever the route reads, a parsed JSON body passes the control-character check.
    add('JSON body without a schema', jsonRequest({ message: 'hello', email: 'fuzz@example.com' }));
    add('JSON body without a schema: NUL', jsonRequest({ message: 'a\u0000b' }), true);
    if (operation.multipart) {
      for (const request of malformedMultipart()) {
        add(request.label, request, request.mustFail && operation.formOnly);
      }
    }
    if (operation.multipartFields) {
      for (const request of multipartFieldCases(operation.multipartFields)) add(request.label, request);
    }
    return cases;
  }

  const body = sampleOf(operation.jsonBody);
  add('valid sample', jsonRequest(body));
  add('not JSON', { headers: { 'content-type': 'application/json' }, body: '{"a":' });
  add('empty JSON body', { headers: { 'content-type': 'application/json' }, body: '' });
  add('wrong content type', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
  add('body is an array', jsonRequest([body]));
  add('body is null', jsonRequest(null));
  add('1 MB of nested arrays', { headers: { 'content-type': 'application/json' }, body: DEEP_MEGABYTE });
  add('240 kB of nested arrays', { headers: { 'content-type': 'application/json' }, body: DEEP_UNDER_LIMIT });
  add('unknown keys', jsonRequest(addUnknownKeys(body)));
  add('prototype key', {
    headers: { 'content-type': 'application/json' },
    body: '{"__proto__":{"admin":true}}',
  });
  add('NUL in a key', jsonRequest({ ...(body as object), 'a\u0000b': 1 }), true);

  const leaves = leafPaths(body).slice(0, FIELDS_PER_OPERATION);
  let textFields = 0;
  for (const [index, path] of leaves.entries()) {
    const field = path.join('.') || '(body)';
    const current = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], body);
    add(`${field}: wrong type`, jsonRequest(withValue(body, path, wrongTypeFor(current))));
    add(`${field}: null`, jsonRequest(withValue(body, path, null)));
    if (index === 0) add(`${field}: nested 40 deep`, jsonRequest(withValue(body, path, nested(40))));
    if (typeof current === 'string') {
      const firstText = textFields++ === 0;
      for (const hostile of firstText ? HOSTILE_TEXT : HOSTILE_TEXT.slice(0, 2)) {
        add(
          `${field}: ${hostile.label}`,
          jsonRequest(withValue(body, path, hostile.value)),
          hostile.mustFail,
        );
      }
      if (firstText) {
        add(`${field}: 200 kB string`, jsonRequest(withValue(body, path, LONG_STRING)));
        add(`${field}: 1 MB string`, jsonRequest(withValue(body, path, MEGABYTE_STRING)));
      }
    }
  }
  // Every numeric field, not only the first few: an id past int4 is refused before the database.
  for (const path of leafPaths(body)) {
    const current = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], body);
    if (typeof current !== 'number') continue;
    for (const edge of EDGE_NUMBERS) {
      add(`${path.join('.')}: ${edge.label}`, jsonRequest(withValue(body, path, edge.value)));
    }
  }
  return cases;
}

/** A multipart form of the described text fields (valid sample values), then each number at its edges. */
function multipartFieldCases(schema: JsonSchema): Array<Partial<FuzzCase> & { label: string }> {
  const sample = sampleOf(schema) as Record<string, unknown>;
  const form = (fields: Record<string, unknown>) => ({
    headers: multipartType,
    body: `${Object.entries(fields)
      .map(([name, value]) => fieldPart(name, String(value)))
      .join('')}--${BOUNDARY}--\r\n`,
  });
  const cases = [{ label: 'multipart: valid sample', ...form(sample) }];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!isNumeric(property)) continue;
    for (const edge of EDGE_NUMBERS) {
      cases.push({ label: `multipart ${name}: ${edge.label}`, ...form({ ...sample, [name]: edge.text }) });
    }
  }
  return cases;
}

function jsonRequest(body: unknown): Partial<FuzzCase> {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function addUnknownKeys(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const result: Record<string, unknown> = { ...body, fuzzUnknown: 'x', constructor: { prototype: 1 } };
  for (const [key, value] of Object.entries(body)) {
    if (value && typeof value === 'object' && !Array.isArray(value))
      result[key] = { ...value, fuzzUnknown: 1 };
  }
  return result;
}

const BOUNDARY = 'fuzzboundary';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const multipartType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function malformedMultipart(): Array<Partial<FuzzCase> & { label: string; mustFail: boolean }> {
  const filePart = (name: string, filename: string) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from('\r\n'),
    ]);
  const end = `--${BOUNDARY}--\r\n`;
  return [
    { label: 'multipart: JSON instead', mustFail: false, ...jsonRequest({ name: 'x' }) },
    {
      label: 'multipart: no boundary',
      mustFail: false,
      headers: { 'content-type': 'multipart/form-data' },
      body: 'garbage',
    },
    {
      label: 'multipart: boundary never appears',
      mustFail: false,
      headers: multipartType,
      body: 'no parts here at all',
    },
    { label: 'multipart: empty body', mustFail: false, headers: multipartType, body: '' },
    {
      label: 'multipart: truncated part',
      mustFail: false,
      headers: multipartType,
      body: fieldPart('name', 'x').slice(0, -6),
    },
    {
      label: 'multipart: part without headers',
      mustFail: false,
      headers: multipartType,
      body: `--${BOUNDARY}\r\n\r\nvalue\r\n${end}`,
    },
    {
      label: 'multipart: malformed part header',
      mustFail: false,
      headers: multipartType,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name\r\nBroken header line\r\n\r\nv\r\n${end}`,
    },
    {
      label: 'multipart: truncated file',
      mustFail: false,
      headers: multipartType,
      body: filePart('file', 'a.png').subarray(0, 120),
    },
    {
      label: 'multipart: NUL in a field',
      mustFail: true,
      headers: multipartType,
      body: fieldPart('name', 'a\u0000b') + end,
    },
    {
      label: 'multipart: control character in a field',
      mustFail: true,
      headers: multipartType,
      body: fieldPart('message', 'a\u0007b') + end,
    },
    {
      label: 'multipart: oversized field',
      mustFail: false,
      headers: multipartType,
      body: fieldPart('name', 'f'.repeat(150_000)) + end,
    },
    {
      label: 'multipart: too many parts',
      mustFail: false,
      headers: multipartType,
      body: Array.from({ length: 120 }, (_, i) => fieldPart(`f${i}`, 'v')).join('') + end,
    },
    {
      label: 'multipart: unknown file field with a bidi file name',
      mustFail: false,
      headers: multipartType,
      body: Buffer.concat([filePart('fuzzUnknown', 'invoice\u202egnp.exe'), Buffer.from(end)]),
    },
  ];
}
