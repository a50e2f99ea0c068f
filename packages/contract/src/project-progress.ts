/**
 * A project's three progress parts (docs/product-contract.md §Entities: each out of 100), null until first
 * reported.
 */
export interface ProgressParts {
  frontendProgress?: number | null;
  backendProgress?: number | null;
  databaseProgress?: number | null;
}

/**
 * Overall progress (docs/product-contract.md §Screens, Projects page's More Info): the rounded mean of the
 * three parts, or null — shown as 'Data not available' — while it cannot be computed, i.e. while any part is
 * unreported (null, or absent from a reply). The server's milestone mails and every screen read it from here.
 */
export function overallProgress(parts: ProgressParts): number | null {
  const values = [parts.frontendProgress, parts.backendProgress, parts.databaseProgress];
  if (!values.every((value): value is number => typeof value === 'number')) return null;
  return Math.round(values.reduce((sum, value) => sum + value, 0) / 3);
}
