import type { UserInformation } from '@app/contract';
import type { ComponentType } from 'react';
import { ApisTab } from '../../billing/components/apis-tab';
import { PaymentHistoryTab } from '../../billing/components/payment-history-tab';
import { SubscriptionsTab } from '../../billing/components/subscriptions-tab';
import { BusinessTab } from '../../business/components/business-tab';
import { DashboardTab } from './dashboard-tab';
import { SettingsTab } from './settings-tab';

/**
 * Profile sidebar tabs (spec §2), in display order. Later issues add Orders, APIs, Subscriptions,
 * Business and Payment History here.
 */
export interface ProfileTab {
  key: string;
  title: string;
  /** The tab's content; absent for a tab that is only a link (see `href`). */
  Component?: ComponentType;
  /** Opens this address in a new browser tab instead of showing a pane (spec §2: Orders). */
  href?: string;
  /** Shown only when this holds for the signed-in user (spec §2: Business needs a business account). */
  visible?: (info: UserInformation | undefined) => boolean;
}

export const PROFILE_TABS: readonly ProfileTab[] = [
  { key: 'dashboard', title: 'Dashboard', Component: DashboardTab },
  { key: 'orders', title: 'Orders', href: '/orders' },
  { key: 'settings', title: 'Settings', Component: SettingsTab },
  { key: 'apis', title: 'APIs', Component: ApisTab },
  { key: 'subscriptions', title: 'Subscriptions', Component: SubscriptionsTab },
  {
    key: 'business',
    title: 'Business',
    Component: BusinessTab,
    visible: (info) => info?.hasBusinessAccount === true,
  },
  { key: 'payment-history', title: 'Payment History', Component: PaymentHistoryTab },
];
