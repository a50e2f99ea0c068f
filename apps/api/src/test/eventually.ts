/**
 * Polls `check` until it returns a value (not undefined/false) or `timeoutMs` passes. The error
 * quotes the check's own source, so a failure in CI says which condition of a test never held.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      const source = check.toString().replace(/\s+/g, ' ').slice(0, 300);
      throw new Error(`condition not met in time (${Date.now() - started} ms): ${source}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
