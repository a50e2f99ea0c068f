import type { SocketTarget } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ChatSocket } from '../../lib/chat-socket';
import { getAccessToken } from '../../lib/session';
import { NOTIFICATIONS_KEY, receiveNotification, setUnread } from './api';

const TARGETS: readonly SocketTarget[] = [{ kind: 'notifications' }];
/** While the socket is down the count is asked for this often instead. */
const POLL_WHILE_OFFLINE_MS = 60_000;

const credentials = () => {
  const access = getAccessToken();
  return access ? { access } : null;
};

/**
 * Keeps the bell live while signed in (decision 034): the chat socket's `notifications` target
 * pushes each new notification and the count after a read on another page. Each (re)connect reads
 * the count and list again, since pushes sent while the socket was down are not replayed; while it
 * is down the count is polled. `subject` (the signed-in person) replaces the socket when it changes.
 */
export function useLiveNotifications(subject: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!subject) return;
    let poll: ReturnType<typeof setInterval> | null = null;
    const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    const socket = new ChatSocket({
      credentials,
      targets: TARGETS,
      onRooms: () => {},
      onFrame: (frame) => {
        if (frame.type === 'notification') receiveNotification(queryClient, frame.notification, frame.unread);
        if (frame.type === 'notifications-read') {
          setUnread(queryClient, frame.unread);
          void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
        }
      },
      onStatus: (status) => {
        if (status === 'open') {
          if (poll) clearInterval(poll);
          poll = null;
          void refresh();
        } else if (status === 'offline' && !poll) {
          poll = setInterval(() => void refresh(), POLL_WHILE_OFFLINE_MS);
        }
      },
    });
    socket.start();
    return () => {
      socket.stop();
      if (poll) clearInterval(poll);
    };
  }, [subject, queryClient]);
}
