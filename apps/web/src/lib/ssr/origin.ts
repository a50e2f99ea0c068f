import { useSyncExternalStore } from 'react';

/** Written over by the server with its PUBLIC_URL in every HTML page (apps/api/src/web-html.ts). */
export const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';

const noSubscription = () => () => undefined;

/**
 * The origin this page is served from. The build renders the token, which the server replaces with
 * its PUBLIC_URL; the browser hydrates with the same value (read back from <meta name="public-url">)
 * and then re-renders with its own location, so links and code show the real host with no
 * hydration mismatch.
 */
export function useSiteOrigin(): string {
  return useSyncExternalStore(noSubscription, browserOrigin, renderedOrigin);
}

function browserOrigin(): string {
  return window.location.origin;
}

function renderedOrigin(): string {
  if (typeof document === 'undefined') return PUBLIC_URL_TOKEN;
  const content = document.querySelector('meta[name="public-url"]')?.getAttribute('content');
  return content && content !== PUBLIC_URL_TOKEN ? content : window.location.origin;
}
