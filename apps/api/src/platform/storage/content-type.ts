import { fileTypeFromBuffer } from 'file-type';

/** Bytes needed to recognise every type we accept (file-type reads at most this many). */
export const SNIFF_BYTES = 4100;

const TEXT_LIKE = new Set(['text/plain']);

/**
 * The MIME type of a file judged from its first bytes, never from its name or the client's
 * Content-Type. Plain text has no signature: it is accepted only when asked for and the sample
 * is valid UTF-8 without NUL bytes.
 */
export async function sniffContentType(
  sample: Uint8Array,
  allowed: readonly string[],
): Promise<string | null> {
  const detected = await fileTypeFromBuffer(sample);
  if (detected) return detected.mime;
  if (allowed.some((type) => TEXT_LIKE.has(type)) && looksLikeText(sample)) return 'text/plain';
  return null;
}

function looksLikeText(sample: Uint8Array): boolean {
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
}
