import { z } from 'zod';
import { zNextCursor, zPageQuery } from './pagination.js';
import type { Role } from './users.js';

/**
 * The notification centre (decision 034): what happened to a person, in the bar's bell, pushed live
 * over the chat socket, and mailed by each person's choice per kind. One list of kinds, here.
 */
export const NOTIFICATION_KINDS = [
  'quote_sent',
  'quote_accepted',
  'invoice_due',
  'invoice_overdue',
  'payment_received',
  'deliverable_waiting',
  'changes_requested',
  'milestone_approved',
  'new_message',
  'project_status_changed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);

/** How the settings screen names each kind. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  quote_sent: 'A quote is sent to you',
  quote_accepted: 'A quote is accepted',
  invoice_due: 'An invoice is due',
  invoice_overdue: 'An invoice is overdue',
  payment_received: 'A payment is received',
  deliverable_waiting: 'A deliverable waits for approval',
  changes_requested: 'A client asks for changes to a deliverable',
  milestone_approved: 'A client approves a milestone',
  new_message: 'A new message in a project chat',
  project_status_changed: 'A project changes status or makes progress',
};

/**
 * The mail of a kind: at once (a burst within MAIL_DIGEST_SECONDS is one mail), in one daily digest,
 * or none. The notification in the bell is kept whatever the choice.
 */
export const MAIL_CHOICES = ['instant', 'digest', 'off'] as const;
export type MailChoice = (typeof MAIL_CHOICES)[number];
export const ZMailChoice = z.enum(MAIL_CHOICES);
export const MAIL_CHOICE_LABELS: Readonly<Record<MailChoice, string>> = {
  instant: 'Mail at once',
  digest: 'Daily digest',
  off: 'No mail',
};

/**
 * A person's choice before they make one. Staff and admins hear of every client's message in the
 * rooms they serve, so theirs come as a daily digest; everything else is mailed at once.
 */
export function defaultMailChoice(kind: NotificationKind, role: Role): MailChoice {
  return kind === 'new_message' && role !== 'client' ? 'digest' : 'instant';
}

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 300;
export const NOTIFICATION_LINK_MAX = 500;

/** Where a notification leads: a path of this web app (never another site: `//host` is refused). */
export const zNotificationLink = z
  .string()
  .max(NOTIFICATION_LINK_MAX)
  .regex(/^\/(?![/\\])[^\s]*$/, 'A notification link is a path of this site, starting with one /');

export const ZNotification = z.object({
  id: z.uuid(),
  kind: ZNotificationKind,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** How many happenings it stands for: a new message in a room while the last is unread adds one. */
  count: z.number().int().positive(),
  createdAt: z.string(),
  /** When the person marked it read (or opened its link); null while unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

export const NOTIFICATION_PATHS = {
  list: '/api/v1/notifications',
  unread: '/api/v1/notifications/unread',
  read: '/api/v1/notifications/:id/read',
  readAll: '/api/v1/notifications/read-all',
  preferences: '/api/v1/notifications/preferences',
} as const;

/** The bell's first page is small; "Show more" asks for the next. */
export const NOTIFICATIONS_PAGE_DEFAULT = 10;

export const ZNotificationsQuery = z.object({
  ...zPageQuery,
  limit: zPageQuery.limit.unwrap().default(NOTIFICATIONS_PAGE_DEFAULT),
});
export type NotificationsQuery = z.infer<typeof ZNotificationsQuery>;

export const ZNotificationsPage = z.object({
  status: z.literal('ok'),
  notifications: z.array(ZNotification),
  nextCursor: zNextCursor,
  unread: z.number().int().nonnegative(),
});
export type NotificationsPage = z.infer<typeof ZNotificationsPage>;

export const ZUnreadCount = z.object({ status: z.literal('ok'), unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof ZUnreadCount>;

export const ZNotificationIdParams = z.object({ id: z.uuid('That notification does not exist') });

export const ZNotificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, ZMailChoice])) as Record<
    NotificationKind,
    typeof ZMailChoice
  >,
);
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZNotificationPreferencesResponse = z.object({
  status: z.literal('ok'),
  preferences: ZNotificationPreferences,
});

/** A change of some kinds' choices; kinds left out keep theirs. */
export const ZNotificationPreferencesUpdate = z.strictObject({
  preferences: ZNotificationPreferences.partial(),
});
export type NotificationPreferencesUpdate = z.infer<typeof ZNotificationPreferencesUpdate>;

/** What the chat socket pushes to a person's open pages (target `{kind: 'notifications'}`). */
export const ZNotificationPush = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: ZNotification, unread: z.number() }),
  z.object({ type: z.literal('notifications-read'), unread: z.number() }),
]);
export type NotificationPush = z.infer<typeof ZNotificationPush>;
