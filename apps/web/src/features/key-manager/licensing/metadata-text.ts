import { type Metadata, ZMetadata } from '@app/contract';

export type MetadataResult = { ok: true; metadata: Metadata } | { ok: false; message: string };

export const METADATA_NOT_OBJECT_MESSAGE = 'Metadata must be a JSON object, for example {"order": "A-1001"}';

/** Metadata typed as JSON text: empty means none ({}); otherwise an object within the contract's limits. */
export function metadataFromText(text: string): MetadataResult {
  if (text.trim() === '') return { ok: true, metadata: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: METADATA_NOT_OBJECT_MESSAGE };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: METADATA_NOT_OBJECT_MESSAGE };
  }
  const parsed = ZMetadata.safeParse(value);
  if (parsed.success) return { ok: true, metadata: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'This metadata is not valid' };
}

/** The text showing saved metadata: empty for none, else indented JSON. */
export function textOfMetadata(metadata: Record<string, unknown>): string {
  return Object.keys(metadata).length === 0 ? '' : JSON.stringify(metadata, null, 2);
}
