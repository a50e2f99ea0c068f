import { ENTITLEMENT_LIMITS, ENTITLEMENT_NAME_MESSAGE, ENTITLEMENTS_TOO_MANY_MESSAGE } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { type EntitlementRow, entitlementsFromRows, rowsFromEntitlements } from './entitlement-rows';

const row = (name: string, kind: EntitlementRow['kind'], value: string): EntitlementRow => ({
  name,
  kind,
  value,
});

describe('entitlementsFromRows', () => {
  it('types each value by its row and skips the empty spare row', () => {
    expect(
      entitlementsFromRows([
        row('seats', 'number', ' 5 '),
        row('pro', 'boolean', 'false'),
        row('edition', 'text', ' studio '),
        row('', 'text', ''),
      ]),
    ).toEqual({ ok: true, entitlements: { seats: 5, pro: false, edition: ' studio ' } });
  });

  it('keeps "5" as text when the row says text', () => {
    expect(entitlementsFromRows([row('code', 'text', '5')])).toEqual({
      ok: true,
      entitlements: { code: '5' },
    });
  });

  it('names the row of a value without a name, a number that is none, and a name given twice', () => {
    expect(entitlementsFromRows([row('a', 'text', 'x'), row(' ', 'text', 'y')])).toMatchObject({
      ok: false,
      row: 1,
    });
    expect(entitlementsFromRows([row('seats', 'number', 'five')])).toEqual({
      ok: false,
      row: 0,
      message: 'The value of “seats” must be a number',
    });
    expect(entitlementsFromRows([row('seats', 'number', '')])).toMatchObject({ ok: false, row: 0 });
    expect(entitlementsFromRows([row('pro', 'boolean', 'yes')])).toMatchObject({ ok: false, row: 0 });
    expect(entitlementsFromRows([row('pro', 'text', 'a'), row('pro', 'text', 'b')])).toEqual({
      ok: false,
      row: 1,
      message: '“pro” is listed twice',
    });
  });

  it("applies the contract's rules to the whole map", () => {
    expect(entitlementsFromRows([row('has space', 'text', 'x')])).toEqual({
      ok: false,
      message: ENTITLEMENT_NAME_MESSAGE,
    });
    const many = Array.from({ length: ENTITLEMENT_LIMITS.entries + 1 }, (_, i) =>
      row(`e${i}`, 'number', '1'),
    );
    expect(entitlementsFromRows(many)).toEqual({ ok: false, message: ENTITLEMENTS_TOO_MANY_MESSAGE });
  });

  it('reads back what rowsFromEntitlements shows', () => {
    const saved = { seats: 5, pro: true, edition: 'studio' };
    const rows = rowsFromEntitlements(saved);
    expect(rows.map((r) => r.kind)).toEqual(['number', 'boolean', 'text']);
    expect(entitlementsFromRows(rows)).toEqual({ ok: true, entitlements: saved });
  });
});
