import { PlansOffer } from '../../features/billing/components/plans-offer';
import { KeyManagerPage } from '../../features/key-manager/pages/key-manager-page';

/** /store/key-manager, offering billing's plans until one is activated. */
export function KeyManagerRoute() {
  return <KeyManagerPage PlansOffer={PlansOffer} />;
}

/**
 * /store/key-manager/keys/:id. In this module, so the route tree's lazy import of it names the chunks
 * the dashboard's already does: a route of its own added their names again to the first download of
 * every page (117 bytes gzip, with / at its 120 KB budget).
 */
export { KeyPage as KeyManagerKeyRoute } from '../../features/key-manager/pages/key-page';
