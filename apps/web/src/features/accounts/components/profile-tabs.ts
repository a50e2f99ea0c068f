import type { ComponentType } from 'react';
import { DashboardTab } from './dashboard-tab';
import { SettingsTab } from './settings-tab';

/**
 * Profile sidebar tabs (spec §2), in display order. Later issues add Orders, APIs, Subscriptions,
 * Business and Payment History here.
 */
export interface ProfileTab {
  key: string;
  title: string;
  Component: ComponentType;
}

export const PROFILE_TABS: readonly ProfileTab[] = [
  { key: 'dashboard', title: 'Dashboard', Component: DashboardTab },
  { key: 'settings', title: 'Settings', Component: SettingsTab },
];
