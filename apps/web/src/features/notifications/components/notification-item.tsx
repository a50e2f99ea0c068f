import type { Notification } from '@app/contract';
import { Link } from 'react-router';
import { timeAgo } from '../time-ago';

interface Props {
  notification: Notification;
  /** Following the link: mark it read and close the panel. */
  onOpen: (notification: Notification) => void;
  onMarkRead: (id: string) => void;
}

/** One notification: its title and sentence link to where it happened; unread ones can be marked read. */
export function NotificationItem({ notification, onOpen, onMarkRead }: Props) {
  const unread = notification.readAt === null;
  return (
    <li className={`notification-item${unread ? ' notification-unread' : ''}`}>
      <Link to={notification.link} className="notification-link" onClick={() => onOpen(notification)}>
        <span className="d-flex align-items-baseline gap-2">
          {unread && <span className="visually-hidden">Unread: </span>}
          <span className="fw-semibold text-break">{notification.title}</span>
          {notification.count > 1 && (
            <span className="badge text-bg-secondary" title={`${notification.count} times`}>
              {notification.count}
            </span>
          )}
        </span>
        <span className="d-block small text-body-secondary text-break">{notification.body}</span>
        <time className="d-block small text-body-tertiary" dateTime={notification.createdAt}>
          {timeAgo(notification.createdAt)}
        </time>
      </Link>
      {unread && (
        <button
          type="button"
          className="btn btn-link btn-sm notification-mark"
          aria-label={`Mark “${notification.title}” read`}
          onClick={() => onMarkRead(notification.id)}
        >
          Mark read
        </button>
      )}
    </li>
  );
}
