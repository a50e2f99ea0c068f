import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/**
 * False while React hydrates a page the build prerendered (decision 027), true from the next render
 * on and in pages rendered in the browser. A prerendered page is rendered for its bare path, so state
 * read from the query string (a docs tab) must wait for this: React does not patch attributes that
 * differ during hydration, and a deep link would otherwise keep the prerendered tab selected. Until
 * then, mark what the query selects with data-awaits-query (styles.css hides it when the URL has a
 * query), or the prerendered tab is shown, and clicked, in its place.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
