import type { SiteConfigResponse } from '@app/contract';
import { useSyncExternalStore } from 'react';

/** Query-cache key kept for SessionCacheSync, which spares it when the user changes. */
export const SITE_CONFIG_KEY = ['site-config'] as const;

/**
 * The server writes the brand into every HTML page it serves (meta application-name and
 * contact-email, see apps/api/src/web-html.ts), so the first render has it without a call, and
 * public pages need neither TanStack Query nor zod (decision 009's budget). Unreplaced `__TOKENS__` mean
 * the HTML did not come from the server (Vite dev server), so the config is fetched instead.
 */
export function brandFromDocument(
  doc: Document | undefined = globalThis.document,
): SiteConfigResponse | undefined {
  const read = (name: string) => doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
  const brandName = read('application-name');
  const contactEmail = read('contact-email');
  const tokens = brandName.startsWith('__') || contactEmail.startsWith('__');
  if (!brandName || !contactEmail || tokens) return undefined;
  return { status: 'ok', brandName, contactEmail };
}

/**
 * The build renders pages on the server (src/entry-server.tsx) with the tokens as the brand; the
 * server replaces them in the HTML it sends, which is then what the browser reads and hydrates with.
 */
const RENDERED_BY_BUILD: SiteConfigResponse = {
  status: 'ok',
  brandName: '__BRAND_NAME__',
  contactEmail: '__CONTACT_EMAIL__',
};

let config: SiteConfigResponse | undefined;
let fetching = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!snapshot() && !fetching) {
    fetching = true;
    import('./site-config-api')
      .then((api) => api.requestSiteConfig())
      .then((reply) => {
        config = reply;
        for (const notify of listeners) notify();
      })
      // Without the config the brand stays blank; the page itself still works.
      .catch(() => undefined)
      .finally(() => {
        fetching = false;
      });
  }
  return () => listeners.delete(listener);
}

function snapshot(): SiteConfigResponse | undefined {
  config ??= brandFromDocument();
  return config;
}

function serverSnapshot(): SiteConfigResponse | undefined {
  return typeof document === 'undefined' ? RENDERED_BY_BUILD : snapshot();
}

/** Brand facts; empty until known, so no wrong name flashes on screen. They change only on restart. */
export function useBrand(): { brandName: string; contactEmail: string | null } {
  const data = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { brandName: data?.brandName ?? '', contactEmail: data?.contactEmail ?? null };
}
