import { z } from 'zod';
import type { EventBus } from '../../platform/events/index.js';

export const CHAT_TOPIC = 'chat';

/** What travels on the bus: ids and small facts only; each instance reads bodies from the database. */
export const ZChatEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cs-message'), chatId: z.string(), messageId: z.number() }),
  z.object({ kind: z.literal('project-message'), projectId: z.string(), messageId: z.number() }),
  z.object({ kind: z.literal('typing'), room: z.string(), name: z.string(), origin: z.string() }),
  z.object({ kind: z.literal('read'), room: z.string(), side: z.string(), at: z.string() }),
]);
export type ChatEvent = z.infer<typeof ZChatEvent>;

export const csRoom = (chatId: string) => `cs:${chatId}`;
export const CS_INBOX_ROOM = 'cs-inbox';
export const projectRoom = (projectId: string) => `project:${projectId}`;

export function publishChatEvent(events: EventBus, event: ChatEvent): Promise<void> {
  return events.publish(CHAT_TOPIC, event);
}
