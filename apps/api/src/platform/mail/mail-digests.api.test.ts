import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailNotices } from '../../db/schema/index.js';
import { deferred } from '../../test/deferred.js';
import { eventually } from '../../test/eventually.js';
import { uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { onPostgres } from '../../test/two-instances.js';
import { MAIL_DIGEST_JOB } from './mail-digests.js';

/** The digest mechanism itself (decision 018); project mails use it in modules/projects. */
const KIND = 'digest-test';

function defineTestDigest(server: TestServer) {
  server.deps.mailDigests.define(KIND, async (_tx, batch) => ({
    to: batch.recipient,
    subject: `About ${batch.topic}`,
    text: batch.lines.join('\n'),
  }));
}

const addNotice = (server: TestServer, recipient: string, line: string) =>
  server.database.db.transaction((tx) =>
    server.deps.mailDigests.add(tx, { kind: KIND, topic: 'topic-1', recipient, line }),
  );

describe('mail digests, sent by the queue after the window', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MAIL_DIGEST_SECONDS: '1', JOBS_POLL_SECONDS: '0.5' } });
    defineTestDigest(server);
  });
  afterAll(async () => server?.close());

  it('mails the notices of a burst once, in order, without anyone asking', async () => {
    const recipient = uniqueEmail('digest');
    await server.database.db.transaction(async (tx) => {
      for (const line of ['one', 'two', 'three']) {
        await server.deps.mailDigests.add(tx, { kind: KIND, topic: 'topic-1', recipient, line });
      }
    });
    const [mail] = await eventually(async () => {
      const mails = await mailsTo(server, recipient);
      return mails.length > 0 ? mails : undefined;
    });
    expect(mail?.subject).toBe('About topic-1');
    expect(mail?.text).toBe('one\ntwo\nthree');
    const left = await server.database.db.select().from(mailNotices);
    expect(left.filter((notice) => notice.recipient === recipient)).toEqual([]);
  });

  it('a notice of a change that rolled back is neither kept nor mailed', async () => {
    const recipient = uniqueEmail('rolled-back');
    await expect(
      server.database.db.transaction(async (tx) => {
        await server.deps.mailDigests.add(tx, { kind: KIND, topic: 'topic-1', recipient, line: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const left = await server.database.db.select().from(mailNotices);
    expect(left.filter((notice) => notice.recipient === recipient)).toEqual([]);
  });
});

describe('a notice joining a waiting digest', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No workers: the test fetches the job itself, as a worker would.
    server = await startTestServer({ env: { MAIL_DIGEST_SECONDS: '3600', JOBS_RUN_WORKERS: 'false' } });
    defineTestDigest(server);
  });
  afterAll(async () => server?.close());

  it.skipIf(!onPostgres)(
    'holds the waiting job until its transaction commits, so the job cannot start without seeing it (skipped without TEST_DATABASE_URL: needs concurrent connections)',
    async () => {
      const recipient = uniqueEmail('join');
      await addNotice(server, recipient, 'first');
      // The window is over: a worker would start the job now.
      await server.database.db.execute(
        sql.raw(
          `update ${server.deps.jobs.schema}.job set start_after = now() where name = '${MAIL_DIGEST_JOB}'`,
        ),
      );
      const joined = deferred<void>();
      const release = deferred<void>();
      const second = server.database.db.transaction(async (tx) => {
        await server.deps.mailDigests.add(tx, { kind: KIND, topic: 'topic-1', recipient, line: 'second' });
        joined.resolve();
        await release.promise;
      });
      await joined.promise;
      // The second notice is not committed yet: the job must not start, or it would miss it.
      expect(await server.deps.jobs.boss.fetch(MAIL_DIGEST_JOB)).toEqual([]);
      release.resolve();
      await second;
      const fetched = await server.deps.jobs.boss.fetch(MAIL_DIGEST_JOB);
      expect(fetched).toHaveLength(1);
      const pending = await server.database.db.select().from(mailNotices);
      expect(pending.filter((notice) => notice.recipient === recipient).map((notice) => notice.line)).toEqual(
        ['first', 'second'],
      );
      // The table is shared with other test files on PostgreSQL: leave nothing behind.
      await server.database.db.delete(mailNotices).where(eq(mailNotices.recipient, recipient));
    },
  );
});
