import { type DashboardAction, DashboardTab } from '../../features/accounts/components/dashboard-tab';
import { SecurityTab } from '../../features/accounts/components/security-tab';
import { SessionsTab } from '../../features/accounts/components/sessions-tab';
import { SettingsTab } from '../../features/accounts/components/settings-tab';
import { ProfilePage, type ProfileTab } from '../../features/accounts/pages/profile-page';
import { ApisTab } from '../../features/billing/components/apis-tab';
import { PendingPayment, SubscribedPlans } from '../../features/billing/components/dashboard-billing';
import { PaymentHistoryTab } from '../../features/billing/components/payment-history-tab';
import { SubscriptionsTab } from '../../features/billing/components/subscriptions-tab';
import { InvoicesTab } from '../../features/billing/invoices/invoices-tab';
import { BusinessTab } from '../../features/business/components/business-tab';
import { IntegrateBusinessButton } from '../../features/business/components/integrate-business';
import { StartBusinessButton } from '../../features/business/components/start-business-button';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { AccountSwitcher } from '../../features/teams/components/account-switcher';
import { AuditTab } from '../../features/teams/components/audit-tab';
import { PendingInvitationNotice } from '../../features/teams/components/pending-invitation-notice';
import { TeamTab } from '../../features/teams/components/team-tab';

/** Buttons other features add to the profile Dashboard (docs/product-contract.md §Screens, Profile). */
const DASHBOARD_ACTIONS: readonly DashboardAction[] = [
  {
    key: 'integrate-business',
    Component: IntegrateBusinessButton,
    visible: (info) => info.hasBusinessAccount,
  },
  // Clients only: staff and admins have their own areas and cannot register a business.
  {
    key: 'start-business',
    Component: StartBusinessButton,
    visible: (info) => !info.hasBusinessAccount && info.userType === 'c',
  },
];

function Dashboard() {
  return (
    <DashboardTab payments={<PendingPayment />} plans={<SubscribedPlans />} actions={DASHBOARD_ACTIONS} />
  );
}

/** Profile sidebar tabs (docs/product-contract.md §Screens, Profile), in display order. */
const PROFILE_TABS: readonly ProfileTab[] = [
  { key: 'dashboard', title: 'Dashboard', Component: Dashboard },
  { key: 'orders', title: 'Orders', href: '/orders' },
  { key: 'settings', title: 'Settings', Component: SettingsTab },
  { key: 'security', title: 'Security', Component: SecurityTab },
  { key: 'sessions', title: 'Sessions', Component: SessionsTab },
  { key: 'notifications', title: 'Notifications', Component: NotificationSettings },
  { key: 'team', title: 'Team', Component: TeamTab, access: ['members', 'read'] },
  { key: 'audit', title: 'Audit trail', Component: AuditTab, access: ['members', 'write'] },
  { key: 'apis', title: 'APIs', Component: ApisTab, access: ['billing', 'read'] },
  { key: 'subscriptions', title: 'Subscriptions', Component: SubscriptionsTab, access: ['billing', 'read'] },
  {
    key: 'business',
    title: 'Business',
    Component: BusinessTab,
    visible: (info) => info?.hasBusinessAccount === true,
    access: ['business', 'read'],
  },
  { key: 'invoices', title: 'Invoices', Component: InvoicesTab, access: ['billing', 'read'] },
  {
    key: 'payment-history',
    title: 'Payment History',
    Component: PaymentHistoryTab,
    access: ['billing', 'read'],
  },
];

/** /profile: the accounts feature's page with the tabs and dashboard pieces of billing and business. */
export function ProfileRoute() {
  return (
    <ProfilePage
      tabs={PROFILE_TABS}
      header={
        <>
          <PendingInvitationNotice />
          <AccountSwitcher />
        </>
      }
    />
  );
}
