import { SecurityTab } from '../../features/accounts/components/security-tab';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';
import { AdminPage, type AdminSection } from '../../features/admin/pages/admin-page';
import { ProjectsSection } from '../../features/admin/projects/projects-section';
import { QuotesSection } from '../../features/admin/projects/quotes/quotes-section';
import { UsersSection } from '../../features/admin/users/users-section';
import { ApisSection } from '../../features/billing/admin/apis-section';
import { PastDueSection } from '../../features/billing/admin/past-due-section';
import { AdminProductsSection } from '../../features/billing/admin/products-section';
import { UpgradeRequestsSection } from '../../features/billing/admin/upgrade-requests-section';
import { InvoicesSection } from '../../features/billing/invoices/admin/invoices-section';
import { PaymentsSection } from '../../features/billing/refunds/payments-section';
import { CustomerServiceSection } from '../../features/chat/admin/customer-service-section';
import { MessagesSection } from '../../features/chat/admin/messages-section';
import NotificationBell from '../../features/notifications/components/notification-bell';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { JobsSection } from '../../features/operations/components/jobs-section';
import { MailSection } from '../../features/operations/components/mail-section';
import { AdminLeads } from '../../features/site/components/admin-leads';
import { AdminSubscribers } from '../../features/site/components/admin-subscribers';

/**
 * Admin panel sidebar (docs/product-contract.md §Screens, Admin panel), in display order: each feature's
 * admin panel.
 */
const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', label: 'Dashboard', Component: AdminDashboard },
  { key: 'projects', label: 'Projects', Component: ProjectsSection },
  { key: 'quotes', label: 'Quotes', Component: QuotesSection },
  { key: 'invoices', label: 'Invoices', Component: InvoicesSection },
  { key: 'products', label: 'Products', Component: AdminProductsSection },
  { key: 'plan-upgrade-requests', label: 'Plan Upgrade Requests', Component: UpgradeRequestsSection },
  { key: 'past-due', label: 'Past-due subscriptions', Component: PastDueSection },
  { key: 'payments', label: 'Payments', Component: PaymentsSection },
  { key: 'apis', label: 'APIs', Component: ApisSection },
  { key: 'leads', label: 'Leads', Component: AdminLeads },
  { key: 'newsletter', label: 'Newsletter', Component: AdminSubscribers },
  { key: 'messages', label: 'Messages', Component: MessagesSection },
  { key: 'customer-service', label: 'Customer Service', Component: CustomerServiceSection },
  { key: 'users', label: 'Users', Component: UsersSection },
  { key: 'mail', label: 'Mail', Component: MailSection },
  { key: 'jobs', label: 'Jobs', Component: JobsSection },
  { key: 'security', label: 'Security', Component: CompanySecurity },
  { key: 'notifications', label: 'Notifications', Component: NotificationSettings },
];

/** An admin's own two-factor sign-in (the company's areas have no account members to rule). */
function CompanySecurity() {
  return <SecurityTab memberPolicy={false} />;
}

/** /company/admin: the admin frame with every feature's panel. */
export function AdminRoute() {
  return <AdminPage sections={ADMIN_SECTIONS} barActions={<NotificationBell />} />;
}
