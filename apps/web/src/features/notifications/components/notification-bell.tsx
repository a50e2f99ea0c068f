import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { useUnreadCount } from '../api';
import { notificationSettingsPath } from '../settings-path';
import { useLiveNotifications } from '../use-live-notifications';
import { NotificationPanel } from './notification-panel';
import '../notifications.css';

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zm.995-14.901a1 1 0 1 0-1.99 0A5.002 5.002 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901z" />
    </svg>
  );
}

/**
 * The bar's bell (decision 034), for every signed-in person: the unread count, kept live over the
 * chat socket, and a panel of the newest notifications. A disclosure: the button toggles the panel
 * that follows it, Escape or a click elsewhere closes it and gives the focus back to the button.
 * Loaded lazily, only once someone is signed in, so the public pages' first download stays as it was.
 */
export default function NotificationBell() {
  const { subject, userType } = useSession();
  useLiveNotifications(subject);
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();
  const count = unread.data ?? 0;

  // Following a link anywhere closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (frame.current && !frame.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const label = unread.error
    ? 'Notifications (count unavailable)'
    : count > 0
      ? `Notifications, ${count} unread`
      : 'Notifications';
  return (
    <div ref={frame} className="notification-bell">
      <button
        ref={button}
        type="button"
        className="btn btn-sm btn-outline-light position-relative"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {count > 0 && (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
            data-testid="notification-count"
            aria-hidden="true"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {/* Said once when the count changes, wherever the focus is. */}
      <span className="visually-hidden" aria-live="polite">
        {count > 0 ? `${count} unread notifications` : ''}
      </span>
      {open && (
        <NotificationPanel
          id={panelId}
          unread={count}
          settingsPath={notificationSettingsPath(userType)}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
