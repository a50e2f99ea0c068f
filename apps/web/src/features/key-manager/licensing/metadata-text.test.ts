import { LICENSING_LIMITS, METADATA_TOO_DEEP_MESSAGE, METADATA_TOO_LARGE_MESSAGE } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { METADATA_NOT_OBJECT_MESSAGE, metadataFromText, textOfMetadata } from './metadata-text';

describe('metadataFromText', () => {
  it('reads an object, and empty text as none', () => {
    expect(metadataFromText('{"order": "A-1", "n": [1, {"x": null}]}')).toEqual({
      ok: true,
      metadata: { order: 'A-1', n: [1, { x: null }] },
    });
    expect(metadataFromText('  ')).toEqual({ ok: true, metadata: {} });
  });

  it('refuses text that is not a JSON object', () => {
    for (const text of ['{order: 1}', '[1, 2]', '"text"', '42', 'null']) {
      expect(metadataFromText(text)).toEqual({ ok: false, message: METADATA_NOT_OBJECT_MESSAGE });
    }
  });

  it("applies the contract's size and depth limits", () => {
    const large = JSON.stringify({ text: 'x'.repeat(LICENSING_LIMITS.metadataBytes) });
    expect(metadataFromText(large)).toEqual({ ok: false, message: METADATA_TOO_LARGE_MESSAGE });
    expect(metadataFromText('{"a": {"b": {"c": {"d": {"e": 1}}}}}')).toEqual({
      ok: false,
      message: METADATA_TOO_DEEP_MESSAGE,
    });
  });

  it('shows saved metadata as text it reads back', () => {
    expect(textOfMetadata({})).toBe('');
    const saved = { order: 'A-1' };
    expect(metadataFromText(textOfMetadata(saved))).toEqual({ ok: true, metadata: saved });
  });
});
