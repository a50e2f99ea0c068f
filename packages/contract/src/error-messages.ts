import { z } from 'zod';

/**
 * Human sentences for validation failures, shared by the API (fastify-type-provider-zod) and the web
 * forms (zod resolver). A schema's own message always wins; this map only fills in what the schema
 * left to zod's defaults ("Too small: expected number to be >=0"), naming the field by a label a
 * person understands ("Max activations must be 0 or more"). The raw field path still reaches
 * developers through the error envelope's `field`.
 */

/** Field names whose words alone do not read well. */
const FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  ids: 'Selection',
  empIds: 'Employees',
  order_: 'Order',
  is_active: 'Active',
  isActive: 'Active',
  isActivated: 'Active',
  is_recurring: 'Recurring',
  isFree: 'Free',
  maxKeysAllowed: 'Maximum keys allowed',
  max_keys_allowed: 'Maximum keys allowed',
  rememberMe: 'Remember me',
  emailValidation: 'Email validation',
  password1: 'New password',
  password2: 'Password confirmation',
  confirmationPassword: 'Password confirmation',
};

/** Words spelled in capitals wherever they appear in a field name. */
const ACRONYMS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  api: 'API',
  cvc: 'CVC',
  jwt: 'JWT',
};

/** "maxActivations", "max_activations" → "Max activations"; "paymentID" → "Payment ID". */
export function humaniseFieldName(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/[_\-\s]+$/, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? (/^[A-Z\d]{2,}$/.test(word) ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'This value';
}

/** The label of the field an issue is about: its last named path segment ("data.email" → "Email"). */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const name = [...(path ?? [])].reverse().find((segment) => typeof segment === 'string');
  return typeof name === 'string' ? humaniseFieldName(name) : 'This value';
}

/** The developer's name of the field: the path joined with dots ("data.email", "media.0"). */
export function fieldPath(path: readonly PropertyKey[] | undefined): string | undefined {
  const joined = (path ?? []).map(String).join('.');
  return joined || undefined;
}

/** "a", "a or b", "a, b or c" (or with "and"). */
export function joinWords(items: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

const plural = (count: number | bigint, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const SIZE_UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  date: 'a date',
  file: 'a file',
};

const FORMAT_SENTENCES: Record<string, (label: string) => string> = {
  email: () => 'Enter a valid email address',
  url: (label) => `${label} must be a valid web address`,
  uuid: (label) => `${label} is not a valid ID`,
  guid: (label) => `${label} is not a valid ID`,
  date: (label) => `${label} must be a date (YYYY-MM-DD)`,
  datetime: (label) => `${label} must be a date and time`,
  time: (label) => `${label} must be a time (HH:MM)`,
};

type Issue = z.core.$ZodRawIssue;

function typeSentence(issue: Issue & { expected: string }, label: string): string {
  if (issue.input === undefined || issue.input === null || issue.expected === 'nonoptional') {
    return `${label} is required`;
  }
  if ((issue.path ?? []).length === 0 && issue.expected === 'object')
    return 'The request body must be a JSON object';
  const expected = TYPE_NAMES[issue.expected];
  return expected ? `${label} must be ${expected}` : `${label} is not valid`;
}

function sizeSentence(issue: Issue, label: string, bound: 'min' | 'max'): string {
  const origin = String(issue.origin ?? '');
  const limit = (bound === 'min' ? issue.minimum : issue.maximum) as number | bigint;
  const units = SIZE_UNITS[origin];
  if (units) {
    if (bound === 'min' && origin === 'string' && Number(limit) === 1 && !issue.exact)
      return `${label} is required`;
    const amount = plural(limit, units[0], units[1]);
    const verb = origin === 'string' || origin === 'file' ? 'must be' : 'must have';
    if (issue.exact) return `${label} ${verb} exactly ${amount}`;
    return `${label} ${verb} ${bound === 'min' ? 'at least' : 'at most'} ${amount}`;
  }
  // Date bounds arrive as milliseconds.
  const value = origin === 'date' ? new Date(Number(limit)).toISOString().slice(0, 10) : String(limit);
  if (issue.exact) return `${label} must be exactly ${value}`;
  if (origin === 'date') {
    if (bound === 'min') return `${label} must be ${issue.inclusive ? 'on or after' : 'after'} ${value}`;
    return `${label} must be ${issue.inclusive ? 'on or before' : 'before'} ${value}`;
  }
  if (bound === 'min')
    return issue.inclusive ? `${label} must be ${value} or more` : `${label} must be more than ${value}`;
  return issue.inclusive ? `${label} must be ${value} or less` : `${label} must be less than ${value}`;
}

const quoted = (names: readonly string[]) =>
  joinWords(
    names.map((name) => `"${name}"`),
    'and',
  );

/**
 * The sentence for an issue whose schema gave no message of its own. Returns undefined for codes it
 * does not know, so zod's own text remains the last resort.
 */
export function humanIssueMessage(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return typeSentence(issue, label);
    case 'too_small':
      return sizeSentence(issue, label, 'min');
    case 'too_big':
      return sizeSentence(issue, label, 'max');
    case 'invalid_format': {
      const sentence = FORMAT_SENTENCES[String(issue.format)];
      if (sentence) return sentence(label);
      if (issue.format === 'starts_with') return `${label} must start with "${String(issue.prefix)}"`;
      if (issue.format === 'ends_with') return `${label} must end with "${String(issue.suffix)}"`;
      if (issue.format === 'includes') return `${label} must contain "${String(issue.includes)}"`;
      return `${label} is not in the expected format`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `The field ${quoted(issue.keys)} is not accepted here`
        : `The fields ${quoted(issue.keys)} are not accepted here`;
    case 'invalid_value':
      return `${label} must be ${joinWords(issue.values.map((value) => String(value)))}`;
    case 'invalid_union':
    case 'custom':
      return `${label} is not valid`;
    case 'invalid_key':
    case 'invalid_element':
      return `${label} contains a value that is not valid`;
    default:
      return undefined;
  }
}

/**
 * The field a failed validation is about, for the envelope's `field`: the issue's path, and for an
 * unknown key the key itself ("data.owner").
 */
export function issueField(issue: {
  code?: string;
  path?: readonly PropertyKey[];
  keys?: unknown;
}): string | undefined {
  const path = [...(issue.path ?? [])];
  if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys) && typeof issue.keys[0] === 'string') {
    path.push(issue.keys[0]);
  }
  return fieldPath(path);
}

// Global on purpose: every schema in the contract, wherever it is parsed (Fastify's validator, the
// forms' resolver, the API's own safeParse calls), gets these sentences instead of zod's defaults.
z.config({ customError: humanIssueMessage });
