import type { NotificationKind, NotificationPush } from '@app/contract';
import type { DbOrTransaction } from '../db/client.js';

/** One thing that happened, for some people: what their bell shows and their mail says. */
export interface NotifyInput {
  /** User ids; duplicates and unknown ids are dropped, the one who acted is the caller's to leave out. */
  recipients: readonly string[];
  kind: NotificationKind;
  /** Up to 120 characters: the headline ("Quote Q-2026-0012 is ready"). */
  title: string;
  /** Up to 300 characters: one short sentence ("Accept or decline it in the portal."). */
  body: string;
  /** Where it happened: a path of the web app, e.g. `/orders?order=…&project=…`; mails make it absolute. */
  link: string;
  /**
   * Optional: what the notification is about (`project-chat:<id>`). While a person still has an unread
   * one of the same kind and topic, a new one replaces it (count + 1) and mails nothing more.
   */
  topic?: string;
}

export interface NotifyOptions {
  /**
   * The caller's transaction: the notifications, their mails and their live push commit with the
   * change, or not at all. Without it the notifications are one statement of their own, and their
   * mails a transaction right after.
   */
  db?: DbOrTransaction;
}

/**
 * The notification centre as other features use it, `deps.notifications` (decision 034):
 * modules/notifications implements it. `notify` records in-app notifications, mails by each
 * recipient's choice for the kind (instant within MAIL_DIGEST_SECONDS as one mail, daily digest, off)
 * and pushes them live to the recipients' open pages once committed. `watch` is the chat socket's:
 * what to send one person's sockets on this instance.
 */
export interface NotificationsPort {
  notify(input: NotifyInput, options?: NotifyOptions): Promise<void>;
  /** Calls `listener` with every push for `userId` this instance receives; returns the unsubscribe. */
  watch(userId: string, listener: (push: NotificationPush) => void): () => void;
}
