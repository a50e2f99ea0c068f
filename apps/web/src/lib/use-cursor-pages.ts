import { useCallback, useState } from 'react';

/**
 * Keyset pages of a server list, one at a time (decisions 025, 026, 030): the cursors of the pages
 * walked through so far, so Previous goes back without the client holding more than the page on screen.
 * A change of `resetKey` (a new search or filter) starts again from the first page, and so does coming
 * back to an earlier key (the pages walked under it are forgotten).
 */
export function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: resetKey,
    cursors: [undefined],
  });
  const current = state.key === resetKey;
  // React's "adjust state while rendering": the stale pages go before anything is shown with them.
  if (!current) setState({ key: resetKey, cursors: [undefined] });
  const cursors = current ? state.cursors : [undefined];
  const next = useCallback(
    (cursor: string) => setState({ key: resetKey, cursors: [...cursors, cursor] }),
    [resetKey, cursors],
  );
  const previous = useCallback(
    () => setState({ key: resetKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
    [resetKey, cursors],
  );
  return { cursor: cursors.at(-1), page: cursors.length, next, previous };
}
