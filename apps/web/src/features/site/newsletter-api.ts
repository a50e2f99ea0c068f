import { SITE_PATHS, type SiteMessageResponse, ZSiteMessageResponse } from '@app/contract';
import { apiRequest } from '../../lib/api-client';

/** Loaded on demand by the newsletter box and the confirm/unsubscribe pages. */
export function subscribeToNewsletter(email: string): Promise<SiteMessageResponse> {
  return apiRequest(SITE_PATHS.subscribe, { body: { email }, schema: ZSiteMessageResponse, auth: false });
}

export function confirmSubscription(token: string): Promise<SiteMessageResponse> {
  return apiRequest(SITE_PATHS.confirmSubscription, {
    body: { token },
    schema: ZSiteMessageResponse,
    auth: false,
  });
}

export function unsubscribe(token: string): Promise<SiteMessageResponse> {
  return apiRequest(SITE_PATHS.unsubscribe, { body: { token }, schema: ZSiteMessageResponse, auth: false });
}
