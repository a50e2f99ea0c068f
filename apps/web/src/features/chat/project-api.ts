import {
  CHAT_LIMITS,
  CHAT_PATHS,
  type ProjectMessage,
  ZDiscussionsResponse,
  ZProjectMessagesResponse,
  ZProjectSendResponse,
} from '@app/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import { withQuery } from '../../lib/with-query';

export interface RoomRef {
  order: string;
  project: string;
}

type MessagesReply = z.output<typeof ZProjectMessagesResponse>;

export const projectKeys = {
  discussions: ['chat', 'project', 'discussions'] as const,
  room: (room: RoomRef | null) =>
    ['chat', 'project', 'room', room?.order ?? '', room?.project ?? ''] as const,
};

/**
 * Discussions, one keyset page, searched on the server: an admin's list of every order, a client's of
 * their own orders, a staff member's of the orders of their assigned projects. The poll revalidates
 * with its ETag.
 */
export function useDiscussions(poll: boolean, page: { search: string; cursor?: string }) {
  const search = page.search.trim();
  return useQuery({
    queryKey: [...projectKeys.discussions, search, page.cursor],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(CHAT_PATHS.discussions, { search, cursor: page.cursor }), {
        schema: ZDiscussionsResponse,
        signal,
        conditional: true,
      }),
    refetchInterval: poll ? CHAT_LIMITS.adminPollMs : false,
    placeholderData: keepPreviousData,
  });
}

/**
 * The one discussion of `order` (get_discussions?order=), for a room opened from a mail's link whose
 * order is not on the page on screen: its name titles the room. Not polled; null when not needed.
 */
export function useDiscussion(order: string | null) {
  return useQuery({
    queryKey: [...projectKeys.discussions, 'order', order],
    enabled: order !== null,
    queryFn: ({ signal }) =>
      apiRequest(withQuery(CHAT_PATHS.discussions, { order: order ?? undefined }), {
        schema: ZDiscussionsResponse,
        signal,
      }),
    select: (reply) => reply.discussions[0] ?? null,
  });
}

/**
 * docs/product-contract.md §Polling: project chats are polled every 2 s, here only while the socket is
 * down.
 */
export function useRoomMessages(room: RoomRef | null, poll: boolean) {
  return useQuery({
    queryKey: projectKeys.room(room),
    enabled: room !== null,
    queryFn: ({ signal }) =>
      apiRequest(CHAT_PATHS.projectGet, {
        body: { order_: room?.order, project: room?.project },
        schema: ZProjectMessagesResponse,
        signal,
      }),
    refetchInterval: poll ? CHAT_LIMITS.projectPollMs : false,
  });
}

/**
 * docs/product-contract.md §Calls: set/project/active is multipart {message, order, project}, or with
 * media.
 */
export function sendToRoom(
  room: RoomRef,
  input: { message?: string; file?: File },
  onProgress?: (p: number) => void,
) {
  const form = new FormData();
  if (input.message) form.append('message', input.message);
  form.append('order', room.order);
  form.append('project', room.project);
  if (input.file) form.append('media', input.file);
  return apiUpload(CHAT_PATHS.projectSet, form, { schema: ZProjectSendResponse, onProgress });
}

export function addRoomMessage(client: QueryClient, room: RoomRef, message: ProjectMessage): void {
  client.setQueryData<MessagesReply>(projectKeys.room(room), (old) => {
    if (!old || old.messages.some((m) => m.id === message.id)) return old;
    return { ...old, messages: [...old.messages, message].sort((a, b) => a.id - b.id) };
  });
}

export function setRoomLastSeen(client: QueryClient, room: RoomRef, lastSeen: string): void {
  client.setQueryData<MessagesReply>(projectKeys.room(room), (old) =>
    old ? { ...old, last_seen: lastSeen } : old,
  );
}
