/** `path?…` with the parameters that have a value (search, cursor, filters of a paged list). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
