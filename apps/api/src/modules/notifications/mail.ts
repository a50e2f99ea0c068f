import { type Role, roleOf } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { DigestBatch, MailDigests } from '../../platform/mail/mail-digests.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

/** The mail digests' kinds (topic: the person's user id, recipient: their address). */
export const INSTANT_NOTICES = 'notifications';
export const DAILY_NOTICES = 'notifications-daily';
export const DAILY_DIGEST_JOB = 'notifications.daily-digest';
/** Every day at 07:00 UTC: the morning's mail, wherever most clients are. */
const DAILY_SCHEDULE = '0 7 * * *';

/** What one mail line carries (the digest's lines are text: this, as JSON). */
interface NoticeLine {
  title: string;
  body: string;
  link: string;
}

export const noticeLine = (line: NoticeLine): string => JSON.stringify(line);

function parseLine(text: string): NoticeLine {
  try {
    const value = JSON.parse(text) as Partial<NoticeLine>;
    if (typeof value.title === 'string' && typeof value.body === 'string' && typeof value.link === 'string') {
      return { title: value.title, body: value.body, link: value.link };
    }
  } catch {
    // A line written some other way: shown as it is.
  }
  return { title: text, body: '', link: '/' };
}

interface LineGroup {
  title: string;
  link: string;
  bodies: string[];
}

/** Lines about one thing (same title and link: a project's updates) read as one block, in order. */
function groupLines(lines: NoticeLine[]): LineGroup[] {
  const groups = new Map<string, LineGroup>();
  for (const line of lines) {
    const key = JSON.stringify([line.title, line.link]);
    const group = groups.get(key) ?? { title: line.title, link: line.link, bodies: [] };
    if (line.body) group.bodies.push(line.body);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A lone notification's subject: its title, and its sentence when that is short. */
const headline = (title: string, body: string) =>
  body && title.length + body.length <= 150 ? `${title} — ${body}` : title;

/** Where each role chooses its mails (the web's Notifications settings). */
export function settingsPath(role: Role): string {
  if (role === 'admin') return '/company/admin?section=notifications';
  if (role === 'staff') return '/company/staff#notifications';
  return '/profile?tab=notifications';
}

/**
 * The notification mails (decision 034), written by the mail digests (decision 018): every
 * notification of one person within MAIL_DIGEST_SECONDS is one mail, and those they chose to get daily
 * are one mail a day. A lone notification keeps its own title as the subject.
 */
export function defineNotificationMails(
  digests: MailDigests,
  jobs: JobQueue,
  mail: { brandName: string; publicUrl: string },
): void {
  const base = mail.publicUrl.replace(/\/$/, '');
  const compose = async (
    tx: DbTransaction,
    batch: DigestBatch,
    daily: boolean,
  ): Promise<MailMessage | null> => {
    const [person] = await tx
      .select({ firstName: users.firstName, userType: users.userType, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, batch.topic))
      .limit(1);
    if (!person || person.disabled) return null;
    const groups = groupLines(batch.lines.map(parseLine));
    const [first] = groups;
    if (!first) return null;
    const total = batch.lines.length;
    const single = groups.length === 1 && !daily;
    const subject = !single
      ? daily
        ? `your daily digest (${plural(total, 'notification')})`
        : plural(total, 'notification')
      : first.bodies.length > 1
        ? `${first.title} — ${first.bodies.length} updates`
        : headline(first.title, first.bodies[0] ?? '');
    const blocks = groups.map((group) =>
      [
        single ? null : group.title,
        group.bodies.length > 1
          ? `${single ? `${group.bodies.length} updates on ${group.title}:\n` : ''}${group.bodies.map((body) => `- ${body}`).join('\n')}`
          : group.bodies[0],
        `Open it: ${base}${group.link}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
    return {
      to: batch.recipient,
      subject: `${mail.brandName}: ${subject}`,
      text: [
        `Hello ${person.firstName},`,
        ...(daily ? [`Here is what happened since the last digest (${plural(total, 'notification')}):`] : []),
        ...blocks,
        `Choose which mails you get: ${base}${settingsPath(roleOf(person.userType))}`,
        mail.brandName,
      ].join('\n\n'),
    };
  };
  digests.define(INSTANT_NOTICES, (tx, batch) => compose(tx, batch, false));
  digests.define(DAILY_NOTICES, (tx, batch) => compose(tx, batch, true));
  jobs.define<Record<string, never>>({
    name: DAILY_DIGEST_JOB,
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    // Each person's digest is its own transaction: a retry mails only those not sent yet.
    handle: async () => {
      await digests.sendHeld(DAILY_NOTICES);
    },
  });
  jobs.schedule(DAILY_DIGEST_JOB, DAILY_SCHEDULE);
}
