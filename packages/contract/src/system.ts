import { z } from 'zod';

/** Public brand facts the web app reads at start (from server config). */
export const ZSiteConfigResponse = z.object({
  status: z.literal('ok'),
  brandName: z.string(),
  contactEmail: z.string(),
});
export type SiteConfigResponse = z.infer<typeof ZSiteConfigResponse>;
export const SYSTEM_PATHS = { siteConfig: '/api/v1/site/config' } as const;
