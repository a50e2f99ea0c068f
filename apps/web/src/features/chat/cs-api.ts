import {
  CHAT_LIMITS,
  CHAT_PATHS,
  CHAT_SESSION_HEADER,
  type CsMessage,
  type CsMessagesGetResponse,
  ZCsAgentsResponse,
  ZCsChatGetResponse,
  ZCsInitResponse,
  ZCsMessagesGetResponse,
  ZCsSendResponse,
  ZOkResponse,
} from '@app/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { apiUpload } from '../../lib/api-upload';
import type { VisitorIdentity } from './visitor-identity';

const visitorHeaders = (visitor: VisitorIdentity) => ({ [CHAT_SESSION_HEADER]: visitor.token });

export const csKeys = {
  visitor: (email: string) => ['chat', 'cs', 'visitor', email] as const,
  staff: (chatId: string) => ['chat', 'cs', 'staff', chatId] as const,
  inbox: ['chat', 'cs', 'inbox'] as const,
  agents: ['chat', 'cs', 'agents'] as const,
};

/** Visitor calls never send the account's bearer token: the chat session is the credential. */
export const initVisitorChat = (email: string, token?: string) =>
  apiRequest(CHAT_PATHS.csInit, {
    body: { email },
    schema: ZCsInitResponse,
    auth: false,
    headers: token ? { [CHAT_SESSION_HEADER]: token } : {},
  });

export function useVisitorMessages(visitor: VisitorIdentity | null, poll: boolean) {
  return useQuery({
    queryKey: csKeys.visitor(visitor?.email ?? ''),
    enabled: visitor !== null,
    queryFn: ({ signal }) =>
      apiRequest(CHAT_PATHS.csMessagesGet, {
        body: { email: visitor?.email },
        schema: ZCsMessagesGetResponse,
        auth: false,
        headers: visitor ? visitorHeaders(visitor) : {},
        signal,
      }),
    refetchInterval: poll ? CHAT_LIMITS.visitorPollMs : false,
  });
}

export const sendVisitorText = (visitor: VisitorIdentity, message: string) =>
  apiRequest(CHAT_PATHS.csMessageSend, {
    body: { email: visitor.email, message },
    schema: ZCsSendResponse,
    auth: false,
    headers: visitorHeaders(visitor),
  });

export function sendVisitorMedia(
  visitor: VisitorIdentity,
  file: File,
  onProgress: (percent: number) => void,
) {
  const form = new FormData();
  form.append('email', visitor.email);
  form.append('media', file);
  return apiUpload(CHAT_PATHS.csMessageSend, form, {
    schema: ZCsSendResponse,
    onProgress,
    headers: visitorHeaders(visitor),
  });
}

export const requestVisitorCode = (visitor: VisitorIdentity) =>
  apiRequest(CHAT_PATHS.csVerifyRequest, {
    body: { email: visitor.email },
    schema: ZOkResponse,
    auth: false,
    headers: visitorHeaders(visitor),
  });

export const verifyVisitorCode = (visitor: VisitorIdentity, code: string) =>
  apiRequest(CHAT_PATHS.csVerify, {
    body: { email: visitor.email, code },
    schema: ZOkResponse,
    auth: false,
    headers: visitorHeaders(visitor),
  });

// ---- staff (admins and customer-service staff) ----

/** One keyset page of the staff inbox; the poll (socket down) revalidates it with its ETag (304 while unchanged). */
export function useCsInbox(poll: boolean, page: { search: string; cursor?: string }) {
  const search = page.search.trim();
  return useQuery({
    queryKey: [...csKeys.inbox, search, page.cursor],
    queryFn: ({ signal }) =>
      apiRequest(CHAT_PATHS.csChatGet, {
        body: { ...(search ? { search } : {}), ...(page.cursor ? { cursor: page.cursor } : {}) },
        schema: ZCsChatGetResponse,
        signal,
        conditional: true,
      }),
    refetchInterval: poll ? CHAT_LIMITS.adminPollMs : false,
    placeholderData: keepPreviousData,
  });
}

export function useStaffMessages(chatId: string | null, poll: boolean) {
  return useQuery({
    queryKey: csKeys.staff(chatId ?? ''),
    enabled: chatId !== null,
    queryFn: ({ signal }) =>
      apiRequest(CHAT_PATHS.csMessagesGet, {
        body: { chat_id: chatId },
        schema: ZCsMessagesGetResponse,
        signal,
      }),
    refetchInterval: poll ? CHAT_LIMITS.visitorPollMs : false,
  });
}

export const sendStaffText = (chatId: string, message: string) =>
  apiRequest(CHAT_PATHS.csMessageSend, { body: { chat_id: chatId, message }, schema: ZCsSendResponse });

export function sendStaffMedia(chatId: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('chat_id', chatId);
  form.append('media', file);
  return apiUpload(CHAT_PATHS.csMessageSend, form, { schema: ZCsSendResponse, onProgress });
}

export function useCsAgents() {
  return useQuery({
    queryKey: csKeys.agents,
    queryFn: ({ signal }) => apiRequest(CHAT_PATHS.csAgents, { schema: ZCsAgentsResponse, signal }),
    select: (reply) => reply.agents,
  });
}

export const setCsAgent = (userId: string, enabled: boolean) =>
  apiRequest(CHAT_PATHS.csAgentSet, {
    body: { user_id: userId, customer_service: enabled },
    schema: ZOkResponse,
  });

/** Adds a message (from a send reply or a socket push) to a cached conversation, once. */
export function addCsMessage(client: QueryClient, key: readonly unknown[], message: CsMessage): void {
  client.setQueryData<CsMessagesGetResponse>(key, (old) => {
    if (!old || old.messages.some((m) => m.id === message.id)) return old;
    return { ...old, messages: [...old.messages, message].sort((a, b) => a.id - b.id) };
  });
}

export function setCsLastSeen(client: QueryClient, key: readonly unknown[], lastSeen: string): void {
  client.setQueryData<CsMessagesGetResponse>(key, (old) => (old ? { ...old, last_seen: lastSeen } : old));
}
