import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/**
 * False while React hydrates a page the build prerendered (decision 027), true from the next render
 * on and in pages rendered in the browser. A prerendered page is rendered for its bare path, so state
 * read from the query string (a docs tab) must wait for this: React does not patch attributes that
 * differ during hydration, and a deep link would otherwise keep the prerendered tab selected.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
