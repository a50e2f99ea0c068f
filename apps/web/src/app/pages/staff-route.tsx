import { SecurityTab } from '../../features/accounts/components/security-tab';
import { StaffCustomerService } from '../../features/chat/admin/staff-customer-service';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { StaffPage } from '../../features/staff/pages/staff-page';

/** /company/staff, with the chat's customer-service desk for staff who answer it, Security (two-factor sign-in) and Notifications. */
export function StaffRoute() {
  return (
    <StaffPage
      customerService={<StaffCustomerService />}
      security={<SecurityTab memberPolicy={false} />}
      notifications={<NotificationSettings />}
    />
  );
}
