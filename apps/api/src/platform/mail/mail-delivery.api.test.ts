import { OPERATIONS_PATHS, SITE_PATHS } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { eventually } from '../../test/eventually.js';
import { createAccount, type TestAccount, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { closedPort } from '../../test/ports.js';
import { SmtpSink } from '../../test/smtp-sink.js';

/**
 * Mail goes through the job queue to a real SMTP server process that these tests stop, start and
 * wedge: a request never waits on it, and every queued mail arrives exactly once.
 */
let server: TestServer;
let request: ReturnType<typeof httpClient>;
let admin: TestAccount;
let sink: SmtpSink;
let ip = 0;
/** Long enough that a request waiting on SMTP would be obvious; the tests never wait for it. */
const HANG_TIMEOUT_MS = 30_000;

beforeAll(async () => {
  sink = new SmtpSink(await closedPort());
  server = await startTestServer({
    env: {
      SMTP_URL: sink.url,
      SMTP_TIMEOUT_MS: String(HANG_TIMEOUT_MS),
      MAIL_RETRY_LIMIT: '20',
      MAIL_RETRY_DELAY_SECONDS: '1',
      JOBS_POLL_SECONDS: '0.5',
      TRUST_PROXY: 'true',
    },
  });
  request = httpClient(server.baseUrl);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

const subscribe = (email: string) =>
  request(SITE_PATHS.subscribe, { body: { email }, headers: { 'x-forwarded-for': `203.0.113.${++ip}` } });

/** Mail jobs a worker is running right now. */
const activeMailJobs = async () => {
  const result = await server.database.db.execute(
    sql.raw(
      `select count(*)::int as count from ${server.deps.jobs.schema}.job where name = 'mail.deliver' and state = 'active'`,
    ),
  );
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
};

const outboxRow = async (email: string) => {
  const [row] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return row;
};

describe('mail delivery through the job queue', () => {
  it('answers at once while SMTP refuses, then delivers every queued mail exactly once when it is back', async () => {
    const emails = [uniqueEmail('down-a'), uniqueEmail('down-b'), uniqueEmail('down-c')];
    for (const email of emails) expect((await subscribe(email)).status).toBe(200);
    // Nothing listens: tries fail and are recorded, nothing is lost.
    const failedOnce = await eventually(async () => {
      const row = await outboxRow(emails[0]!);
      return row && row.attempts >= 1 ? row : undefined;
    });
    expect(failedOnce.status).toBe('queued');
    expect(failedOnce.lastError).toMatch(/ECONNREFUSED|connect/i);

    await sink.start();
    for (const email of emails) {
      const row = await eventually(async () => {
        const current = await outboxRow(email);
        return current?.status === 'sent' ? current : undefined;
      }, 40_000);
      expect(row.sentAt).not.toBeNull();
    }
    // Give a duplicate the chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const email of emails) expect(sink.to(email)).toHaveLength(1);
    expect(sink.to(emails[0]!)[0]?.subject).toContain('Confirm your subscription');
    await sink.stop();
  });

  it('never lets a wedged SMTP server hold a request; the stuck try ends when the server goes and is retried', async () => {
    await sink.start('hang');
    try {
      const email = uniqueEmail('hang');
      const started = performance.now();
      const response = await subscribe(email);
      expect(response.status).toBe(200);
      // The worker's try is stuck in the greeting (SMTP_TIMEOUT_MS is long here); a request that
      // waited on it would take that long. Half of it is a bound no loaded machine comes near.
      expect(performance.now() - started).toBeLessThan(HANG_TIMEOUT_MS / 2);
      const stuck = await eventually(async () => {
        const current = await outboxRow(email);
        const active = await activeMailJobs();
        return current && active > 0 ? current : undefined;
      });
      expect(stuck.attempts).toBe(0);
      // The wedged server dies: the stuck try fails at once and the mail waits for its retry.
      await sink.stop();
      const row = await eventually(async () => {
        const current = await outboxRow(email);
        return current && current.attempts >= 1 ? current : undefined;
      });
      expect(row.status).toBe('queued');
      expect(row.lastError).toBeTruthy();
    } finally {
      await sink.stop();
    }
  });

  it('shows queued mail and jobs to the admin, and only to the admin', async () => {
    const email = uniqueEmail('visible');
    await subscribe(email);
    const mails = await request<{ transport: string; mails: { to: string; status: string }[] }>(
      `${OPERATIONS_PATHS.mail}?limit=200`,
      { token: admin.access },
    );
    expect(mails.status).toBe(200);
    expect(mails.body.transport).toBe('smtp');
    expect(mails.body.mails.find((mail) => mail.to === email)?.status).toBe('queued');

    const summary = await request<{ queues: { queue: string; created: number; retry: number }[] }>(
      OPERATIONS_PATHS.jobsSummary,
      { token: admin.access },
    );
    expect(summary.status).toBe(200);
    expect(summary.body.queues.map((queue) => queue.queue)).toContain('mail.deliver');

    const client = await createAccount(server, 'client');
    expect((await request(OPERATIONS_PATHS.mail, { token: client.access })).status).toBe(403);
    expect((await request(OPERATIONS_PATHS.jobs)).status).toBe(401);
  });
});

describe('a mail that keeps failing', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
        SMTP_TIMEOUT_MS: '500',
        MAIL_RETRY_LIMIT: '1',
        MAIL_RETRY_DELAY_SECONDS: '1',
        JOBS_POLL_SECONDS: '0.5',
      },
    });
  });
  afterAll(async () => strict?.close());

  it('ends dead-lettered: the job stays failed and visible, the outbox says failed, and retry runs it again', async () => {
    const call = httpClient(strict.baseUrl);
    const staff = await createAccount(strict, 'admin');
    const email = uniqueEmail('dead');
    expect((await call(SITE_PATHS.subscribe, { body: { email } })).status).toBe(200);
    const row = await eventually(async () => {
      const [current] = await strict.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      return current?.status === 'failed' ? current : undefined;
    }, 30_000);
    expect(row.attempts).toBe(2);

    const failed = await call<{ jobs: { id: string; queue: string; data: string; error: string | null }[] }>(
      `${OPERATIONS_PATHS.jobs}?state=failed&queue=mail.deliver`,
      { token: staff.access },
    );
    expect(failed.status).toBe(200);
    const job = failed.body.jobs.find((entry) => entry.data.includes(row.id));
    expect(job?.error).toMatch(/ECONNREFUSED|connect/i);

    const retried = await call(OPERATIONS_PATHS.jobRetry, { body: { id: job?.id }, token: staff.access });
    expect(retried.status).toBe(200);
    const again = await eventually(async () => {
      const [current] = await strict.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      return current && current.attempts >= 3 ? current : undefined;
    }, 20_000);
    expect(again.status).toBe('failed');

    // Pages: a bad cursor is a clear 400, never a 500.
    const bad = await call(`${OPERATIONS_PATHS.jobs}?cursor=bm90LWEtY3Vyc29y`, { token: staff.access });
    expect(bad.status).toBe(400);
  });
});
