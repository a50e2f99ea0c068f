import { type SiteConfigResponse, SYSTEM_PATHS, ZSiteConfigResponse } from '@app/contract';
import { apiRequest } from './api-client';

export function requestSiteConfig(): Promise<SiteConfigResponse> {
  return apiRequest(SYSTEM_PATHS.siteConfig, { schema: ZSiteConfigResponse, auth: false });
}
