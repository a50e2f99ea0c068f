/** What other features may use from chat. */
export { StaffCustomerService } from './admin/staff-customer-service';
export { ContactChat } from './components/contact-chat';
