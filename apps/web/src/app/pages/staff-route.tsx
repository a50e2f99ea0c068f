import { StaffCustomerService } from '../../features/chat/admin/staff-customer-service';
import { StaffPage } from '../../features/staff/pages/staff-page';

/** /company/staff, with the chat's customer-service desk for staff who answer it. */
export function StaffRoute() {
  return <StaffPage customerService={<StaffCustomerService />} />;
}
