import { type Entitlements, ZEntitlements } from '@app/contract';

/** An entitlement as the form edits it: a name, what kind of value, and the value as typed. */
export type EntitlementKind = 'text' | 'number' | 'boolean';
export interface EntitlementRow {
  name: string;
  kind: EntitlementKind;
  value: string;
}

export const emptyEntitlementRow = (): EntitlementRow => ({ name: '', kind: 'text', value: '' });

/** The rows showing a saved map, in its order. */
export function rowsFromEntitlements(map: Record<string, string | number | boolean>): EntitlementRow[] {
  return Object.entries(map).map(([name, value]) => ({
    name,
    kind: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text',
    value: String(value),
  }));
}

export type EntitlementsResult =
  | { ok: true; entitlements: Entitlements }
  | {
      ok: false;
      message: string /** 0-based; undefined when the map as a whole is refused. */;
      row?: number;
    };

/**
 * The map the rows describe, checked by the contract's own rules (names, count, size). A row with
 * neither name nor value is ignored (the form's spare row); a value without a name, a number that is
 * not one and a name given twice are refused with the row they are on.
 */
export function entitlementsFromRows(rows: readonly EntitlementRow[]): EntitlementsResult {
  const map: Entitlements = {};
  for (const [index, row] of rows.entries()) {
    const name = row.name.trim();
    const text = row.kind === 'text' ? row.value : row.value.trim();
    if (name === '' && text === '') continue;
    if (name === '') return { ok: false, row: index, message: 'Give the entitlement a name' };
    if (Object.hasOwn(map, name)) return { ok: false, row: index, message: `“${name}” is listed twice` };
    if (row.kind === 'number') {
      const number = Number(text);
      if (text === '' || !Number.isFinite(number)) {
        return { ok: false, row: index, message: `The value of “${name}” must be a number` };
      }
      map[name] = number;
    } else if (row.kind === 'boolean') {
      if (text !== 'true' && text !== 'false') {
        return { ok: false, row: index, message: `The value of “${name}” must be true or false` };
      }
      map[name] = text === 'true';
    } else {
      map[name] = text;
    }
  }
  const parsed = ZEntitlements.safeParse(map);
  if (parsed.success) return { ok: true, entitlements: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, message: issue?.message ?? 'These entitlements are not valid' };
}
