import {
  type MailChoice,
  NOTIFICATION_PATHS,
  type Notification,
  type NotificationKind,
  type NotificationsPage,
  ZNotificationPreferencesResponse,
  ZNotificationsPage,
  ZUnreadCount,
} from '@app/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

export const NOTIFICATIONS_KEY = ['notifications'] as const;
const LIST_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;
const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'] as const;
const PREFERENCES_KEY = [...NOTIFICATIONS_KEY, 'preferences'] as const;

type Pages = InfiniteData<NotificationsPage, string | undefined>;
type PreferencesReply = z.infer<typeof ZNotificationPreferencesResponse>;

/** The bell's count; the socket keeps it current, so it is read once and on reconnects. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: UNREAD_KEY,
    enabled,
    queryFn: ({ signal }) => apiRequest(NOTIFICATION_PATHS.unread, { schema: ZUnreadCount, signal }),
    select: (data) => data.unread,
  });
}

/** The panel's list: the newest page, then "Show more" pages (keyset cursors). */
export function useNotificationPages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: LIST_KEY,
    enabled,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: NotificationsPage) => last.nextCursor ?? undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(withQuery(NOTIFICATION_PATHS.list, { cursor: pageParam }), {
        schema: ZNotificationsPage,
        signal,
      }),
  });
}

export function setUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(UNREAD_KEY, { status: 'ok' as const, unread });
}

/** A pushed notification: first in the list (a replaced one moves up), and the new count. */
export function receiveNotification(
  queryClient: QueryClient,
  notification: Notification,
  unread: number,
): void {
  setUnread(queryClient, unread);
  queryClient.setQueryData<Pages>(LIST_KEY, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      unread,
      notifications: page.notifications.filter((item) => item.id !== notification.id),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest] };
  });
}

/** Marks read in the held list at once, so the panel does not wait on the reply to look right. */
function markReadLocally(queryClient: QueryClient, id: string | null, readAt: string): void {
  queryClient.setQueryData<Pages>(LIST_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((item) =>
              (id === null || item.id === id) && item.readAt === null ? { ...item, readAt } : item,
            ),
          })),
        }
      : data,
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(NOTIFICATION_PATHS.read.replace(':id', encodeURIComponent(id)), {
        method: 'POST',
        schema: ZUnreadCount,
      }),
    onMutate: (id) => markReadLocally(queryClient, id, new Date().toISOString()),
    onSuccess: (data) => setUnread(queryClient, data.unread),
    onError: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(NOTIFICATION_PATHS.readAll, { method: 'POST', schema: ZUnreadCount }),
    onSuccess: (data) => {
      markReadLocally(queryClient, null, new Date().toISOString());
      setUnread(queryClient, data.unread);
    },
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) =>
      apiRequest(NOTIFICATION_PATHS.preferences, { schema: ZNotificationPreferencesResponse, signal }),
    select: (data) => data.preferences,
  });
}

export function useUpdatePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, mail }: { kind: NotificationKind; mail: MailChoice }) =>
      apiRequest(NOTIFICATION_PATHS.preferences, {
        method: 'PUT',
        body: { preferences: { [kind]: mail } },
        schema: ZNotificationPreferencesResponse,
      }),
    // Shown chosen at once (a radio that waits on the reply looks broken); put back if refused.
    onMutate: ({ kind, mail }) =>
      queryClient.setQueryData<PreferencesReply>(PREFERENCES_KEY, (data) =>
        data ? { ...data, preferences: { ...data.preferences, [kind]: mail } } : data,
      ),
    onSuccess: (data) => queryClient.setQueryData(PREFERENCES_KEY, data),
    onError: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
  });
}
