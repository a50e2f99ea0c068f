import { OPERATIONS_PATHS } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { mailNotices } from '../db/schema/index.js';
import { MAIL_DIGEST_JOB } from '../platform/mail/mail-digests.js';
import { eventually } from './eventually.js';
import type { TestServer } from './harness.js';
import { httpClient } from './http.js';

interface DigestKey {
  kind: string;
  topic: string;
  recipient: string;
}

/**
 * Sends every waiting mail digest of this server now, as the admin's Jobs view does ("Run now"),
 * and returns once their mails are recorded (a digest deletes its notices in its mail's
 * transaction). Tests set a long MAIL_DIGEST_SECONDS, so no digest goes out on its own mid-test.
 */
export async function sendWaitingDigests(server: TestServer, adminToken: string): Promise<void> {
  const request = httpClient(server.baseUrl);
  const waiting = await request<{ jobs: { id: string; data: string }[] }>(
    `${OPERATIONS_PATHS.jobs}?queue=${MAIL_DIGEST_JOB}&state=created&limit=200`,
    { token: adminToken },
  );
  if (waiting.status !== 200) throw new Error(`jobs list answered ${waiting.status}`);
  for (const job of waiting.body.jobs) {
    const ran = await request(OPERATIONS_PATHS.jobRetry, { token: adminToken, body: { id: job.id } });
    if (ran.status !== 200) throw new Error(`run now answered ${ran.status}`);
  }
  // Only these digests' notices: on PostgreSQL other test files share the table.
  const keys = waiting.body.jobs.map((job) => JSON.parse(job.data) as DigestKey);
  for (const key of keys) {
    await eventually(async () => {
      const left = await server.database.db
        .select({ id: mailNotices.id })
        .from(mailNotices)
        .where(
          and(
            eq(mailNotices.kind, key.kind),
            eq(mailNotices.topic, key.topic),
            eq(mailNotices.recipient, key.recipient),
          ),
        )
        .limit(1);
      return left.length === 0;
    });
  }
}
