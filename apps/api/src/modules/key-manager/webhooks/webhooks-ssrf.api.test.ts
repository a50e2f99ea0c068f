import dns from 'node:dns';
import {
  WEBHOOK_PATHS as W,
  WEBHOOK_HTTPS_MESSAGE,
  WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
  type WebhookDeliveriesResponse,
  type WebhookSecretResponse,
  webhookPath,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { WebhookReceiver } from '../../../test/webhook-receiver.js';
import { newDeveloper } from '../key-manager-kit.test.js';

/**
 * Production rules for where webhooks may go (SSRF): with the private-address allowance off,
 * literal non-public addresses are refused at registration and names resolving to one at delivery.
 */
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startTestServer({
    env: {
      JOBS_POLL_SECONDS: '0.5',
      WEBHOOK_RETRY_LIMIT: '0',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      WEBHOOKS_ALLOW_PRIVATE: 'false',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.stop();
});

describe('webhook addresses in production', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://127.0.0.1:8443/hook',
    'https://10.0.0.7/hook',
    'https://192.168.1.20/hook',
    'https://172.20.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    // IPv6 forms that embed a non-public IPv4 address (address-policy.ts decides each form).
    'https://[::ffff:0:a00:1]/',
    'https://[::a00:1]/',
    'https://[::127.0.0.1]/',
    'https://[::ffff:0:7f00:1]/',
    'https://[64:ff9b::169.254.169.254]/latest/meta-data/',
    'https://[64:ff9b:1::a00:1]/hook',
    'https://[2002:a00:1::1]/hook',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
  ])('refuses %s at registration with a clear 400', async (url) => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const refused = await dev.request(W.endpoints, {
      body: { url, events: ['key.created'] },
      token: dev.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: 'failed',
      code: 'invalid_input',
      message: WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
      field: 'url',
    });
  });

  it('refuses http:// endpoints, at registration and when changed', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const refused = await dev.request(W.endpoints, {
      body: { url: 'http://example.com/hook', events: ['key.created'] },
      token: dev.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: WEBHOOK_HTTPS_MESSAGE });

    const created = await dev.request<WebhookSecretResponse>(W.endpoints, {
      body: { url: 'https://example.com/hook', events: ['key.created'] },
      token: dev.token,
    });
    expect(created.status).toBe(200);
    const changed = await dev.request(webhookPath(W.endpoint, created.body.endpoint.id), {
      method: 'PATCH',
      body: { url: 'https://10.1.1.1/hook' },
      token: dev.token,
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ message: WEBHOOK_PRIVATE_ADDRESS_MESSAGE });
  });

  it('refuses at delivery a name that resolves to a loopback address, and never connects', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    // `localhost` is a DNS name, so registration cannot judge it; the delivery's lookup does.
    const created = await dev.request<WebhookSecretResponse>(W.endpoints, {
      body: { url: `https://localhost:${receiver.port}/private`, events: ['key.created'] },
      token: dev.token,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const endpointId = created.body.endpoint.id;
    const sent = await dev.request(webhookPath(W.sendTest, endpointId), { body: {}, token: dev.token });
    expect(sent.status).toBe(200);

    const log = await eventually(async () => {
      const page = await dev.request<WebhookDeliveriesResponse>(webhookPath(W.deliveries, endpointId), {
        token: dev.token,
      });
      return page.body.attempts.length > 0 ? page.body : undefined;
    });
    expect(log.attempts[0]).toMatchObject({
      eventType: 'webhook.test',
      statusCode: null,
      succeeded: false,
      // No retries configured here: the one failed try ends the delivery.
      deliveryStatus: 'failed',
    });
    expect(log.attempts[0]?.error).toMatch(
      /^Refused: localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/,
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses at delivery a name whose DNS answer is an IPv6 form embedding a non-public IPv4 address', async () => {
    // The lookup the delivery makes answers these for names under .embedded.test (there is no
    // resolver to point at in a test); every other name resolves as usual.
    const answers: Record<string, string> = {
      'mapped.embedded.test': '::ffff:7f00:1',
      'compatible.embedded.test': '::a00:1',
      'translated.embedded.test': '::ffff:0:a00:1',
      'nat64.embedded.test': '64:ff9b::a9fe:a9fe',
      'local-nat64.embedded.test': '64:ff9b:1::a00:1',
      'sixtofour.embedded.test': '2002:a00:1::1',
      'teredo.embedded.test': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    };
    const realLookup = dns.lookup;
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      options: dns.LookupOptions,
      callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void,
    ) => {
      const address = answers[hostname];
      if (address === undefined) return (realLookup as typeof dns.lookup)(hostname, options, callback);
      if (options.all) return callback(null, [{ address, family: 6 }]);
      callback(null, address, 6);
    }) as typeof dns.lookup);
    try {
      const dev = await newDeveloper(server, { plan: 'none' });
      await Promise.all(
        Object.entries(answers).map(async ([hostname, address]) => {
          const created = await dev.request<WebhookSecretResponse>(W.endpoints, {
            body: { url: `https://${hostname}/hook`, events: ['key.created'] },
            token: dev.token,
          });
          expect(created.status, JSON.stringify(created.body)).toBe(200);
          const endpointId = created.body.endpoint.id;
          const sent = await dev.request(webhookPath(W.sendTest, endpointId), { body: {}, token: dev.token });
          expect(sent.status).toBe(200);
          const log = await eventually(async () => {
            const page = await dev.request<WebhookDeliveriesResponse>(webhookPath(W.deliveries, endpointId), {
              token: dev.token,
            });
            return page.body.attempts.length > 0 ? page.body : undefined;
          });
          expect(log.attempts[0]).toMatchObject({
            statusCode: null,
            succeeded: false,
            error: `Refused: ${hostname} resolves to ${address}, which is not a public address`,
          });
        }),
      );
    } finally {
      lookup.mockRestore();
    }
  });
});
