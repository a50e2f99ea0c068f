import type { UserInformation } from '@app/contract';
import type { ComponentType } from 'react';
import { IntegrateBusinessButton } from '../../business/components/integrate-business';
import { StartBusinessButton } from '../../business/components/start-business-button';

/**
 * Buttons other features add to the profile Dashboard (spec §2), each shown only when `visible`
 * holds for the signed-in user. A feature adds one entry here, as with profile-tabs.ts.
 */
export interface DashboardAction {
  key: string;
  Component: ComponentType;
  visible: (info: UserInformation) => boolean;
}

export const DASHBOARD_ACTIONS: readonly DashboardAction[] = [
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
