import { PlansOffer } from '../../features/billing/components/plans-offer';
import { KeyManagerPage } from '../../features/key-manager/pages/key-manager-page';

/** /store/key-manager, offering billing's plans until one is activated. */
export function KeyManagerRoute() {
  return <KeyManagerPage PlansOffer={PlansOffer} />;
}
