import { useSession } from '../../../lib/use-session';
import { CsAgentsCard } from './cs-agents-card';
import { CsInbox } from './cs-inbox';

/**
 * Admin panel → Customer Service (docs/product-contract.md §Screens): visitor chats, and who on the
 * staff answers them.
 */
export function CustomerServiceSection() {
  const { userType } = useSession();
  return (
    <section aria-labelledby="cs-title">
      <h2 id="cs-title" className="h4 mb-3">
        Customer Service
      </h2>
      <CsInbox />
      {userType === 'a' && <CsAgentsCard />}
    </section>
  );
}
