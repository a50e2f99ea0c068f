import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  csChats,
  csSessions,
  mailOutbox,
  planSubscriptions,
  refreshTokens,
  users,
} from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { CLEANUP_JOB } from '../system/cleanup.js';
import { BILLING_REMINDERS_JOB } from './reminders.js';

/** Scheduled work on the job queue: the tests send the scheduled jobs themselves and wait for them. */
let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer({ env: { JOBS_POLL_SECONDS: '0.5' } });
});
afterAll(async () => server?.close());

async function runJob(name: string): Promise<void> {
  const id = await server.deps.jobs.enqueue(name, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(name, id, { includeArchive: true });
    if (job?.state === 'failed') throw new Error(`${name} failed: ${JSON.stringify(job.output)}`);
    return job?.state === 'completed';
  });
}

async function remindersTo(email: string, subject: string) {
  return server.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `%${subject}%`)));
}

describe('billing reminders', () => {
  it('mails "ending soon", "grace started" and "suspended" once each, at their moments', async () => {
    const dev = await newDeveloper(server);
    const [user] = await server.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, dev.email));
    const periodEnd = new Date(server.clock.now().getTime() + 2 * DAY);
    // A paid monthly period ending in two days (how it was paid is the billing tests' business).
    await server.database.db
      .update(planSubscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(and(eq(planSubscriptions.userId, user!.id), eq(planSubscriptions.status, 'active')));

    await runJob(BILLING_REMINDERS_JOB);
    await runJob(BILLING_REMINDERS_JOB);
    const endingSoon = await remindersTo(dev.email, 'ends on');
    expect(endingSoon).toHaveLength(1);
    expect(endingSoon[0]?.text).toContain('/profile?tab=subscriptions');
    expect(await remindersTo(dev.email, 'renew by')).toHaveLength(0);

    server.clock.advance(3 * DAY);
    await runJob(BILLING_REMINDERS_JOB);
    expect(await remindersTo(dev.email, 'renew by')).toHaveLength(1);
    expect(await remindersTo(dev.email, 'is suspended')).toHaveLength(0);

    server.clock.advance(10 * DAY);
    await runJob(BILLING_REMINDERS_JOB);
    await runJob(BILLING_REMINDERS_JOB);
    expect(await remindersTo(dev.email, 'is suspended')).toHaveLength(1);
    expect(await remindersTo(dev.email, 'ends on')).toHaveLength(1);
    server.clock.advance(-13 * DAY);
  });
});

describe('clean-up', () => {
  it('removes expired sessions, expired chat codes and orphaned upload temp files, and keeps the rest', async () => {
    const dev = await newDeveloper(server);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, dev.email));
    const now = server.clock.now().getTime();
    const familyId = crypto.randomUUID();
    await server.database.db.insert(refreshTokens).values([
      { userId: user!.id, familyId, tokenHash: `old-${familyId}`, expiresAt: new Date(now - 30 * DAY) },
      { userId: user!.id, familyId, tokenHash: `live-${familyId}`, expiresAt: new Date(now + DAY) },
    ]);

    const tmp = path.join(server.deps.config.DATA_DIR, 'uploads', '.tmp');
    await mkdir(tmp, { recursive: true });
    const stale = path.join(tmp, 'stale-upload');
    const fresh = path.join(tmp, 'fresh-upload');
    await writeFile(stale, 'x');
    await writeFile(fresh, 'x');
    const yesterday = new Date(Date.now() - DAY);
    await utimes(stale, yesterday, yesterday);
    const [chat] = await server.database.db
      .insert(csChats)
      .values({ email: `${familyId}@example.com` })
      .returning({ id: csChats.id });
    await server.database.db.insert(csSessions).values([
      {
        chatId: chat!.id,
        tokenHash: `expired-${familyId}`,
        codeHash: 'h',
        codeExpiresAt: new Date(now - 60_000),
      },
      {
        chatId: chat!.id,
        tokenHash: `valid-${familyId}`,
        codeHash: 'h',
        codeExpiresAt: new Date(now + 60_000),
      },
    ]);

    await runJob(CLEANUP_JOB);

    const tokens = await server.database.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId));
    expect(tokens.map((token) => token.hash)).toEqual([`live-${familyId}`]);
    const left = await readdir(tmp);
    expect(left).toContain('fresh-upload');
    expect(left).not.toContain('stale-upload');
    const codes = await server.database.db
      .select({ token: csSessions.tokenHash, code: csSessions.codeHash })
      .from(csSessions)
      .where(eq(csSessions.chatId, chat!.id));
    expect(codes.find((row) => row.token.startsWith('expired'))?.code).toBeNull();
    expect(codes.find((row) => row.token.startsWith('valid'))?.code).toBe('h');
  });
});
