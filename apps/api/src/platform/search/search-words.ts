import type { ColumnSample } from './column-sample.js';

/**
 * A word in at least this share of a column's rows is common: its trigrams' posting lists hold most
 * of the table, and reading them is what made "Customer 4242" cost 36–54 ms at 1M keys (decision 025).
 */
export const COMMON_SHARE = 0.1;

/**
 * A term in at least this share of the rows is left whole: the planner, estimating it from the same
 * sample, walks the newest-first index and fills a page of 50 within ~2,500 rows. (One value of a
 * ~100-value sample is not enough to say so: the histogram always holds the smallest and the largest
 * value, however rare they are.)
 */
export const WALK_SHARE = 0.02;

/** pg_trgm needs three characters for a trigram; a shorter word cannot narrow an index scan. */
const MIN_WORD = 3;

/** The words of a term as pg_trgm splits them (runs of letters and digits), lower-cased, 3+ characters, once each. */
export function searchWords(term: string): string[] {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= MIN_WORD))];
}

/**
 * The estimated share of rows whose value contains `text`, case-insensitively, from ANALYZE's
 * sample — what PostgreSQL's own LIKE estimate does: the shares of the common values that contain it
 * plus the histogram's hit rate applied to the rest.
 */
export function shareContaining(sample: ColumnSample, text: string): number {
  const needle = text.toLowerCase();
  const contains = (value: string) => value.toLowerCase().includes(needle);
  let share = 0;
  let commonShare = 0;
  for (const { value, share: valueShare } of sample.common) {
    commonShare += valueShare;
    if (contains(value)) share += valueShare;
  }
  if (sample.histogram.length > 0) {
    const rest = Math.max(0, 1 - sample.nullShare - commonShare);
    share += (rest * sample.histogram.filter(contains).length) / sample.histogram.length;
  }
  return share;
}

/**
 * The words of `term` to hand the trigram index instead of the whole term, or null to search for the
 * whole term as before. Only a term that is itself rare in the sample but has a common word and
 * another word that is not common qualifies ("Customer 4242" among `Customer <n>` names, an address
 * `<n> Quay Street`, an email at `example.com`): the index is asked for the uncommon words (few rows
 * each, intersected), and the whole term is rechecked on those rows. A term common itself is left
 * whole, so the planner keeps seeing it as common and walks the newest-first index until a page is
 * full; without a sample (never analysed) nothing changes either.
 */
export function rareWordsOf(term: string, sample: ColumnSample | null): string[] | null {
  if (!sample) return null;
  const words = searchWords(term);
  if (words.length < 2 || shareContaining(sample, term) >= WALK_SHARE) return null;
  const rare = words.filter((word) => shareContaining(sample, word) < COMMON_SHARE);
  return rare.length > 0 && rare.length < words.length ? rare : null;
}
