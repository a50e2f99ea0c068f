import { SITE_PATHS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody, uniqueEmail } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { mailsTo } from '../../test/mail-outbox.js';

/** Every mail the product sends is in the one branded template (decision 018), whoever wrote it. */
const BRAND = 'Acme & Sons';
let server: TestServer;
let request: ReturnType<typeof httpClient>;

beforeAll(async () => {
  server = await startTestServer({
    env: { BRAND_NAME: BRAND, CONTACT_EMAIL: 'sales@acme.example', TRUST_PROXY: 'true' },
  });
  request = httpClient(server.baseUrl);
});
afterAll(async () => server?.close());

/** The template around a mail's content: everything up to the brand line, and the closing tags. */
function frameOf(html: string | null): { head: string; tail: string } {
  const text = html ?? '';
  const brandLine = '>Acme &amp; Sons</div>';
  const end = text.indexOf(brandLine);
  return {
    head: end < 0 ? text.slice(0, 80) : text.slice(0, end + brandLine.length),
    tail: text.slice(text.lastIndexOf('</div></body>')),
  };
}

describe('the one mail template', () => {
  it('frames the newsletter confirmation, the welcome mail and the sales-inbox lead mail alike', async () => {
    const subscriber = uniqueEmail('letter');
    const subscribed = await request(SITE_PATHS.subscribe, {
      body: { email: subscriber },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(subscribed.status).toBe(200);
    const signup = signupBody();
    expect((await request('/api/v1/user/authenticate/signup', { body: signup })).status).toBe(200);
    const lead = await request(SITE_PATHS.crmLead, {
      body: { name: 'Dana', email: uniqueEmail('lead'), company: 'Reyes', intent: 'demo', message: 'Hi' },
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(200);

    const [confirmation] = await mailsTo(server, subscriber);
    const [welcome] = await mailsTo(server, signup.data.email);
    const leads = await mailsTo(server, 'sales@acme.example');
    expect(leads).toHaveLength(1);
    const frames = [confirmation, welcome, leads[0]].map((mail) => frameOf(mail?.html ?? null));
    expect(frames[0]?.head).toMatch(/^<!doctype html>/);
    expect(frames[0]?.head).toContain('>Acme &amp; Sons</div>');
    for (const frame of frames) expect(frame).toEqual(frames[0]);
    // The content is still the mail's own: the confirmation keeps its links.
    expect(confirmation?.html).toContain('Confirm my subscription</a>');
  });
});
