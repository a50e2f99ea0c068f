import { ProjectChatRoom } from '../components/project-chat-room';

/**
 * Admin panel → Messages (docs/product-contract.md §Screens): every project's chat room, with the
 * client's name.
 */
export function MessagesSection() {
  return (
    <section aria-labelledby="messages-title">
      <h2 id="messages-title" className="h4 mb-3">
        Messages
      </h2>
      <ProjectChatRoom showClient />
    </section>
  );
}
