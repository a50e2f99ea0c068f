import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { publicUrl } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { UsageReader } from './analytics-read.js';

export const WEEKLY_USAGE_MAIL_JOB = 'key-manager.weekly-usage-mail';
/** Mondays at 07:00 UTC: last week (Monday to Sunday, UTC) is complete. */
const SCHEDULE = '0 7 * * 1';
const PAGE = 100;
const DAY_MS = 86_400_000;
const TOP = 3;

interface Recipient {
  owner_id: string;
  email: string;
  first_name: string;
}

/** Monday 00:00 UTC of the week `at` falls in. */
export function weekStart(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

const number = new Intl.NumberFormat('en-GB');
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The weekly usage mail (decision 037, opt-in): last week's calls, validations, refusals with their
 * top reasons, unique devices and top keys, to each owner who turned it on. An owner's week is
 * claimed (key_usage_owners.weekly_mail_sent_for) in the transaction that queues the mail through the
 * outbox, so a second run of the job — or a second instance — sends nothing twice.
 */
export class WeeklyUsageMail {
  constructor(
    private readonly deps: AppDeps,
    private readonly reader: UsageReader,
  ) {}

  async run(): Promise<number> {
    const db = this.deps.database.db;
    const thisWeek = weekStart(this.deps.clock.now());
    const lastWeek = new Date(thisWeek.getTime() - 7 * DAY_MS);
    const week = lastWeek.toISOString().slice(0, 10);
    let sent = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await rawRows<Recipient>(
        db,
        sql`select o.owner_id, u.email, u.first_name from key_usage_owners o join users u on u.id = o.owner_id
            where o.weekly_mail and (o.weekly_mail_sent_for is null or o.weekly_mail_sent_for < ${week}::date)
              and o.owner_id > ${after}::uuid
            order by o.owner_id limit ${PAGE}`,
      );
      for (const recipient of page) {
        if (await this.send(db, recipient, lastWeek, thisWeek, week)) sent += 1;
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE) return sent;
      after = last.owner_id;
    }
  }

  private async send(db: Db, recipient: Recipient, from: Date, to: Date, week: string): Promise<boolean> {
    const range = { from, to, bucket: 'day' as const };
    const { totals } = await this.reader.series(recipient.owner_id, {}, range);
    const reasons =
      totals.refusals > 0 ? await this.reader.rank(recipient.owner_id, {}, range, 'refusal', TOP) : [];
    const keys = totals.calls > 0 ? await this.reader.rank(recipient.owner_id, {}, range, 'key', TOP) : [];
    const link = `${publicUrl(this.deps.config).replace(/\/$/, '')}/store/key-manager?tab=analytics`;
    const span = `${dateFormat.format(from)} – ${dateFormat.format(new Date(to.getTime() - DAY_MS))}`;
    const lines = [
      `Hello ${recipient.first_name},`,
      '',
      `Your Key Manager usage for the week of ${span} (UTC):`,
      '',
      `Calls: ${number.format(totals.calls)}`,
      `Validations: ${number.format(totals.validations)}`,
      `Activations: ${number.format(totals.activations)}`,
      `Refusals: ${number.format(totals.refusals)}`,
      `Unique devices: ${number.format(totals.uniqueDevices)}`,
    ];
    if (reasons.length > 0) {
      lines.push('', 'Top refusal reasons:');
      for (const reason of reasons)
        lines.push(`- ${reason.label} (${reason.value}): ${number.format(reason.calls)}`);
    }
    if (keys.length > 0) {
      lines.push('', 'Busiest keys:');
      for (const key of keys) lines.push(`- ${key.label}: ${number.format(key.calls)} calls`);
    }
    if (totals.calls === 0) lines.push('', 'No calls reached the Key Manager from your apps last week.');
    lines.push(
      '',
      `See every figure in Analytics: ${link}`,
      '',
      'You get this mail because you turned on the weekly usage mail in Key Manager › Analytics; turn it off there.',
    );
    return db.transaction(async (tx) => {
      const [claimed] = await rawRows<{ owner_id: string }>(
        tx,
        sql`update key_usage_owners set weekly_mail_sent_for = ${week}::date
            where owner_id = ${recipient.owner_id}::uuid and weekly_mail
              and (weekly_mail_sent_for is null or weekly_mail_sent_for < ${week}::date)
            returning owner_id`,
      );
      if (!claimed) return false;
      await this.deps.mailer.send(
        {
          to: recipient.email,
          subject: `Your Key Manager week: ${number.format(totals.calls)} calls, ${number.format(totals.refusals)} refused`,
          text: lines.join('\n'),
        },
        { db: tx },
      );
      return true;
    });
  }
}

export function defineWeeklyUsageMail(deps: AppDeps, reader: UsageReader): void {
  const mail = new WeeklyUsageMail(deps, reader);
  deps.jobs.define<Record<string, never>>({
    name: WEEKLY_USAGE_MAIL_JOB,
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    concurrency: 1,
    async handle() {
      const sent = await mail.run();
      if (sent > 0) deps.log.info({ sent }, 'weekly usage mails queued');
    },
  });
  deps.jobs.schedule(WEEKLY_USAGE_MAIL_JOB, SCHEDULE);
}
