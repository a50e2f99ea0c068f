/**
 * A marker that lives exactly as long as the browser session: a cookie without an expiry, which the
 * browser drops when it closes (every tab shares it, unlike sessionStorage, which is per tab). A sign-in
 * without "Remember me" keeps its tokens in localStorage (docs/product-contract.md §Entities, Session)
 * and ends when this marker is gone (decision 004). The cookie carries no secret; the server never reads
 * it.
 */
const COOKIE_NAME = 'browser_session';

function cookieAttributes(): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; SameSite=Strict${secure}`;
}

export function markBrowserSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and not in every browser
  document.cookie = `${COOKIE_NAME}=1${cookieAttributes()}`;
}

export function browserSessionAlive(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${COOKIE_NAME}=1`);
}

export function forgetBrowserSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see markBrowserSession
  document.cookie = `${COOKIE_NAME}=; Max-Age=0${cookieAttributes()}`;
}
