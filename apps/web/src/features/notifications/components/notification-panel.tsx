import type { Notification } from '@app/contract';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { QueryState } from '../../../components/query-state';
import { useMarkAllRead, useMarkRead, useNotificationPages } from '../api';
import { NotificationItem } from './notification-item';

interface Props {
  id: string;
  unread: number;
  settingsPath: string;
  /** Closes the panel (after following a link). */
  onClose: () => void;
}

/** The bell's panel: the newest notifications, "Show more", mark read, mark all read, the settings link. */
export function NotificationPanel({ id, unread, settingsPath, onClose }: Props) {
  const pages = useNotificationPages(true);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const items = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    onClose();
  };
  return (
    <section id={id} className="notification-panel card shadow" aria-labelledby={`${id}-title`}>
      <div className="card-header d-flex justify-content-between align-items-center gap-2">
        <h2 id={`${id}-title`} className="h6 mb-0">
          Notifications
        </h2>
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          Mark all read
        </button>
      </div>
      <div className="notification-scroll">
        {pages.isPending || pages.error ? (
          <div className="p-2">
            {pages.isPending ? (
              <PageSpinner label="Loading notifications…" />
            ) : (
              <QueryState isPending={false} error={pages.error} onRetry={() => void pages.refetch()} />
            )}
          </div>
        ) : items.length === 0 ? (
          <p className="text-body-secondary small m-0 p-3">
            Nothing yet: updates on your projects, quotes and invoices show here.
          </p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label="Newest first">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={open}
                onMarkRead={(target) => markRead.mutate(target)}
              />
            ))}
          </ul>
        )}
        {pages.hasNextPage && (
          <div className="p-2 text-center">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          </div>
        )}
        {(markRead.error || markAllRead.error) && (
          <p className="text-danger small m-0 px-3 pb-2" role="alert">
            Could not mark it read. Try again.
          </p>
        )}
      </div>
      <div className="card-footer small">
        <Link to={settingsPath} onClick={onClose}>
          Notification settings
        </Link>
      </div>
    </section>
  );
}
