import { ApiError } from '../../../lib/api-error';
import { useCsInbox } from '../cs-api';
import { CsInbox } from './cs-inbox';

/**
 * On /company/staff: staff marked as customer service answer visitor chats here. The page shows it
 * only when user info says so (customerService), so other staff never call the inbox and get a 403.
 */
export function StaffCustomerService() {
  const probe = useCsInbox(false, { search: '' });
  if (probe.error instanceof ApiError && probe.error.status === 403) return null;
  if (!probe.data) return null;
  return (
    <section className="mt-4" aria-labelledby="staff-cs-title">
      <h2 id="staff-cs-title" className="h5">
        Customer Service
      </h2>
      <CsInbox />
    </section>
  );
}
