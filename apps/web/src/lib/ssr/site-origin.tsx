import { useSiteOrigin } from './origin';

/** The origin this page is served from, as text (see useSiteOrigin). */
export function SiteOrigin() {
  return <>{useSiteOrigin()}</>;
}
