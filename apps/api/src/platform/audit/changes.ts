/** A value as the trail stores it: dates as ISO text, everything else as JSON has it. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * The fields that differ between two states, each side holding only those fields (decision 037):
 * `{before: {maxActivations: 1}, after: {maxActivations: 3}}`. Null when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of fields) {
    const a = plain(before[field]);
    const b = plain(after[field]);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[field] = a;
      now[field] = b;
    }
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}

/** Only the named fields of a state, for a creation's `after` or a deletion's `before`. */
export function pickFields<T extends Record<string, unknown>>(
  state: T,
  fields: readonly (keyof T & string)[],
): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, plain(state[field])]));
}

/** `changedFields` over every field either state has (API objects: a policy, settings). */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return changedFields(before, after, fields);
}
