import type { AuthUser } from '../../../platform/auth/auth-user.js';
import type { ProjectMessageView } from '../project-chat-service.js';

/** What the socket hub needs from project chat; set once the projects feature is wired in. */
export interface ProjectRoomHooks {
  /** The project's id when the user may use its chat room, else null. */
  resolve(user: AuthUser, order: string, project: string): Promise<{ projectId: string } | null>;
  /** One message, read once for every recipient, or null if it does not exist. */
  message(messageId: number): Promise<ProjectMessageView | null>;
  /** Read state and presence of a member. */
  markSeen(projectId: string, userId: string): Promise<void>;
  touch(projectId: string, userId: string): Promise<void>;
}
