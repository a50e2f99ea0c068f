import type { FastifyRequest } from 'fastify';

/**
 * Country headers that proxies and CDNs add (Cloudflare, CloudFront, App Engine, or a proxy of one's
 * own). There is no GeoIP database: a place is known only when a trusted proxy (TRUST_PROXY) named
 * the country of the request. A session keeps the place of its sign-in (`user_sessions.place`).
 */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-appengine-country', 'x-country'];
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export function placeOfRequest(request: FastifyRequest, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  for (const name of COUNTRY_HEADERS) {
    const value = request.headers[name];
    const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
    // XX: unknown to Cloudflare; T1: Tor.
    if (!/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'T1') continue;
    try {
      return regionNames.of(code) ?? null;
    } catch {
      return null;
    }
  }
  return null;
}
