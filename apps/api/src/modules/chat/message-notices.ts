import type { AppDeps } from '../../app-deps.js';
import { ONLINE_WINDOW_MS } from './offline-mail.js';
import type { ProjectRoom } from './project-chat-service.js';

/** An unread "new message" of a room is replaced by the next one, not added to (decision 034). */
export const projectChatTopic = (projectId: string) => `project-chat:${projectId}`;

/**
 * A new message in a project room tells the other side (decision 034): a client's people's message
 * the team (assigned staff and admins), the team's the client's people who see projects. Those who
 * have the room open see it there and get nothing; the others get one bell notification per room
 * until they read it, and mail by their choice. The message is saved already: a failure here is
 * logged, never the sender's error.
 */
export async function noticeNewMessage(
  deps: AppDeps,
  room: ProjectRoom,
  sender: { id: string; role: string; firstName: string },
  message: { text: string; file: boolean },
): Promise<void> {
  try {
    const presentSince = new Date(deps.clock.now().getTime() - ONLINE_WINDOW_MS);
    const audience = await deps.projects.projectAudience(room.projectId, { presentSince });
    // A client member speaks for an account of several people (decision 033): the account's other
    // members who see projects hear of it too, under the name of the one who wrote.
    const side = sender.role === 'client' ? [...audience.team, ...audience.client] : audience.client;
    const recipients = [...new Set(side)].filter((id) => id !== sender.id);
    if (recipients.length === 0) return;
    const query = new URLSearchParams({ order: room.orderId, project: room.projectId });
    await deps.notifications.notify({
      recipients,
      kind: 'new_message',
      title: `New message about ${room.projectName}`,
      body: message.text ? `${sender.firstName}: ${message.text}` : `${sender.firstName} sent a file`,
      link: `/chatroom?${query}`,
      topic: projectChatTopic(room.projectId),
    });
  } catch (error) {
    deps.log.error({ err: error, projectId: room.projectId }, 'chat message notification failed');
  }
}
