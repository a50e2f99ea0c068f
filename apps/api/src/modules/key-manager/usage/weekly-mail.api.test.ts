import { KEY_USAGE_PATHS, KEY_MANAGER_PATHS as P } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { httpClient } from '../../../test/http.js';
import { mailsTo } from '../../../test/mail-outbox.js';
import { developerWithKeys, USAGE_TEST_ENV } from './usage-kit.test.js';
import { WEEKLY_USAGE_MAIL_JOB, weekStart } from './weekly-mail.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: USAGE_TEST_ENV });
});
afterAll(async () => {
  await server.close();
});

const DAY = 86_400_000;

async function runWeeklyMail() {
  const id = await server.deps.jobs.enqueue(WEEKLY_USAGE_MAIL_JOB, {});
  if (!id) throw new Error('job not queued');
  await eventually(async () => {
    const job = await server.deps.jobs.boss.getJobById(WEEKLY_USAGE_MAIL_JOB, id);
    if (job?.state === 'failed') throw new Error(JSON.stringify(job.output));
    return job?.state === 'completed';
  });
}

const usageMails = async (email: string) =>
  (await mailsTo(server, email)).filter((mail) => mail.subject.startsWith('Your Key Manager week'));

describe('weekly usage mail (decision 037)', () => {
  it('mails last week’s figures on Monday to owners who opted in, once per week even when the job runs twice', async () => {
    // A Wednesday, so the calls fall in a week that the next Monday's run reports.
    const wednesday = new Date(weekStart(server.clock.now()).getTime() + 2 * DAY + 10 * 3_600_000);
    server.clock.set(wednesday);
    const opted = await developerWithKeys(server, 1, [1]);
    const silent = await developerWithKeys(server, 1, [1]);
    const on = await opted.request(KEY_USAGE_PATHS.usageSettings, {
      body: { weeklyMail: true },
      token: opted.token,
    });
    expect(on.status).toBe(200);
    const call = httpClient(server.baseUrl);
    const key = opted.products[0]?.keys[0];
    for (let i = 0; i < 4; i += 1)
      await call(P.validateKey, { body: { key: key?.key }, token: opted.apiKey });
    await call(P.validateKey, { body: { key: 'nope-nope-nope' }, token: opted.apiKey });
    await call(P.validateKey, { body: { key: silent.products[0]?.keys[0]?.key }, token: silent.apiKey });
    // The figures are on the dashboard (and so written) before the week ends.
    expect((await opted.analytics({ period: '7d' })).totals.validations).toBe(5);

    server.clock.set(new Date(weekStart(wednesday).getTime() + 7 * DAY + 7 * 3_600_000));
    await runWeeklyMail();
    await runWeeklyMail();
    const mails = await usageMails(opted.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Key Manager week: 5 calls, 1 refused');
    expect(mails[0]?.text).toContain('Validations: 5');
    expect(mails[0]?.text).toContain('Refusals: 1');
    expect(mails[0]?.text).toContain('No such key (for this API key). (NOT_FOUND): 1');
    expect(mails[0]?.text).toContain(`${key?.key.slice(0, 4)}…${key?.key.slice(-4)}: 4 calls`);
    expect(await usageMails(silent.email)).toHaveLength(0);

    // The next Monday: a new week, a new mail (of an empty week).
    server.clock.advance(7 * DAY);
    await runWeeklyMail();
    const later = await usageMails(opted.email);
    expect(later).toHaveLength(2);
    expect(later.map((mail) => mail.subject)).toContain('Your Key Manager week: 0 calls, 0 refused');
  });
});
