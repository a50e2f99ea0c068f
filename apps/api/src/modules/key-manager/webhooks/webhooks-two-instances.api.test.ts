import {
  KEY_MANAGER_PATHS as P,
  WEBHOOK_PATHS as W,
  type WebhookDeliveriesResponse,
  type WebhookSecretResponse,
  webhookPath,
} from '@app/contract';
import { verifyWebhookSignature, type WebhookEvent } from '@northwind/key-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { httpClient } from '../../../test/http.js';
import { onPostgres, twoInstances } from '../../../test/two-instances.js';
import { WebhookReceiver } from '../../../test/webhook-receiver.js';
import { newDeveloper } from '../key-manager-kit.test.js';

const startTwoInstances = twoInstances({ env: { JOBS_POLL_SECONDS: '0.5' } });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => receiver?.stop());

describe('webhooks with two API instances on one PostgreSQL database', () => {
  it.skipIf(!onPostgres)(
    'deliver every event exactly once, and an endpoint added on one instance counts on the other at once (skipped without TEST_DATABASE_URL)',
    async () => {
      const [a, b] = await startTwoInstances();
      const dev = await newDeveloper(a);
      const apiKey = await dev.apiKey();
      const onB = httpClient(b.baseUrl);
      const licence = await dev.addKey(0);
      // B now remembers that this developer has no endpoints.
      expect((await onB(P.activateKey, { body: { key: licence.key }, token: apiKey })).status).toBe(200);

      const path = `/two-instances-${Date.now()}`;
      const created = await dev.request<WebhookSecretResponse>(W.endpoints, {
        body: { url: receiver.url(path), events: ['key.activated', 'key.deactivated'] },
        token: dev.token,
      });
      expect(created.status).toBe(200);
      // The EventBus tells B within milliseconds; give NOTIFY a moment on a busy machine.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const onA = httpClient(a.baseUrl);
      // Alternating instances; one after the other, so no deactivation meets a count of 0.
      for (let index = 0; index < 10; index++) {
        const reply = await (index % 2 === 0 ? onA : onB)(index < 6 ? P.activateKey : P.deactivateKey, {
          body: { key: licence.key },
          token: apiKey,
        });
        expect(reply.status).toBe(200);
      }

      await eventually(async () => receiver.at(path).length >= 10, 30_000);
      // A duplicate from the other instance would show up within a few polls.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const deliveries = receiver.at(path);
      expect(deliveries).toHaveLength(10);
      const received = deliveries.map((delivery) => JSON.parse(delivery.body) as WebhookEvent);
      expect(new Set(received.map((event) => event.id)).size).toBe(10);
      expect(received.filter((event) => event.type === 'key.activated')).toHaveLength(6);
      for (const delivery of deliveries) {
        const header = delivery.headers['northwind-signature'] as string;
        expect(await verifyWebhookSignature(delivery.body, header, created.body.secret)).toBe(true);
      }
      const log = await dev.request<WebhookDeliveriesResponse>(
        `${webhookPath(W.deliveries, created.body.endpoint.id)}?limit=50`,
        { token: dev.token },
      );
      expect(log.body.attempts).toHaveLength(10);
      expect(log.body.attempts.every((attempt) => attempt.attempt === 1 && attempt.succeeded)).toBe(true);
    },
    60_000,
  );
});
