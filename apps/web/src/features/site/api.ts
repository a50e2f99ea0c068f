import type { SiteConfigResponse } from '@app/contract';
import { useQuery } from '@tanstack/react-query';

export const SITE_CONFIG_KEY = ['site-config'] as const;

/** Loads the contract (and zod) only when the page did not carry the brand (e.g. the Vite dev server). */
export function fetchSiteConfig(): Promise<SiteConfigResponse> {
  return import('./site-config-api').then((api) => api.requestSiteConfig());
}

/**
 * The server writes the brand into every HTML page it serves (meta application-name and
 * contact-email, see registerWeb), so the first render already has it and no call is needed.
 * Unreplaced `__TOKENS__` mean the HTML did not come from the server.
 */
export function brandFromDocument(
  doc: Document | undefined = globalThis.document,
): SiteConfigResponse | undefined {
  const read = (name: string) => doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
  const brandName = read('application-name');
  const contactEmail = read('contact-email');
  // While prerendering, the tokens themselves are the brand: the server replaces them in the saved page.
  const tokens = brandName.startsWith('__') || contactEmail.startsWith('__');
  if (!brandName || !contactEmail || (tokens && !globalThis.window?.__PRERENDER__)) return undefined;
  return { status: 'ok', brandName, contactEmail };
}

/** Brand facts change only with a server restart, so they are read once per page load. */
export function useSiteConfig() {
  return useQuery({
    queryKey: SITE_CONFIG_KEY,
    queryFn: fetchSiteConfig,
    initialData: brandFromDocument,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Brand facts; empty until the config arrives, so no wrong name flashes on screen. */
export function useBrand(): { brandName: string; contactEmail: string | null } {
  const { data } = useSiteConfig();
  return { brandName: data?.brandName ?? '', contactEmail: data?.contactEmail ?? null };
}
