import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type CsChatRow, csChats } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail/mailer.js';

/** A reader seen within this window (socket heartbeat every 25 s, or a poll) counts as connected. */
export const ONLINE_WINDOW_MS = 60_000;
/** At most one "you have a reply" email per conversation in this window. */
export const OFFLINE_MAIL_EVERY_MS = 15 * 60_000;

export interface OfflineMailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  brandName: string;
  onError: (error: unknown) => void;
}

export const isOnline = (activeAt: Date | null, now: Date) =>
  activeAt !== null && now.getTime() - activeAt.getTime() < ONLINE_WINDOW_MS;

/** Emails a visitor with no open connection that customer service replied, with a link back. */
export async function notifyOfflineVisitor(deps: OfflineMailDeps, chat: CsChatRow): Promise<boolean> {
  const now = deps.clock.now();
  if (isOnline(chat.visitorActiveAt, now)) return false;
  if (chat.lastOfflineMailAt && now.getTime() - chat.lastOfflineMailAt.getTime() < OFFLINE_MAIL_EVERY_MS) {
    return false;
  }
  try {
    // The "mailed at" mark and the mail commit together: never one without the other.
    await deps.db.transaction(async (tx) => {
      await tx.update(csChats).set({ lastOfflineMailAt: now }).where(eq(csChats.id, chat.id));
      await deps.mailer.send(
        {
          to: chat.email,
          subject: `${deps.brandName} customer service replied to you`,
          text: [
            'Customer service answered your message.',
            `Read and reply here: ${deps.publicUrl}/contact-us`,
          ].join('\n\n'),
        },
        { db: tx },
      );
    });
    return true;
  } catch (error) {
    // The reply itself is saved; a mail failure must not fail the sender's request.
    deps.onError(error);
    return false;
  }
}
