import { type SiteConfigResponse, SYSTEM_PATHS, ZSiteConfigResponse } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const SITE_CONFIG_KEY = ['site-config'] as const;

export function fetchSiteConfig(): Promise<SiteConfigResponse> {
  return apiRequest(SYSTEM_PATHS.siteConfig, { schema: ZSiteConfigResponse, auth: false });
}

/** Brand facts change only with a server restart, so they are read once per page load. */
export function useSiteConfig() {
  return useQuery({
    queryKey: SITE_CONFIG_KEY,
    queryFn: fetchSiteConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Brand facts; empty until the config arrives, so no wrong name flashes on screen. */
export function useBrand(): { brandName: string; contactEmail: string | null } {
  const { data } = useSiteConfig();
  return { brandName: data?.brandName ?? '', contactEmail: data?.contactEmail ?? null };
}
