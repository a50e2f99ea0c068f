import { PaymentHoldBanner } from '../../features/billing/invoices/payment-hold-banner';
import { ProjectInvoices } from '../../features/billing/invoices/project-invoices';
import { SupportOffer } from '../../features/billing/invoices/support-offer';
import type { ProjectBillingPanels } from '../../features/projects/components/project-card';
import { OrdersPage } from '../../features/projects/pages/orders-page';

/** Each project's invoices, payment hold and support plan, from billing, on the projects feature's cards. */
const PROJECT_BILLING: ProjectBillingPanels = {
  HoldBanner: PaymentHoldBanner,
  Invoices: ProjectInvoices,
  SupportOffer,
};

/** /orders: the client's projects with their quotes, milestones and invoices (decision 035). */
export function OrdersRoute() {
  return <OrdersPage billing={PROJECT_BILLING} />;
}
