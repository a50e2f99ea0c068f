import { z } from 'zod';
import { zProductCode } from './key-licensing.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Outbound webhooks of the Key Manager (extension; docs/api.md "Webhooks", decision 016). A developer
 * registers HTTPS endpoints and picks event types; each event is POSTed as JSON and signed.
 */
const WEBHOOKS = '/api/v1/saas-platform/key-manager/webhooks';

export const WEBHOOK_PATHS = {
  /** GET: the owner's endpoints. POST: add one (the signing secret is in the reply, once). */
  endpoints: WEBHOOKS,
  /** PATCH: change url, description, events or enabled. DELETE: remove it and its log. */
  endpoint: `${WEBHOOKS}/:id`,
  /** POST: a new signing secret, shown once; the old one stops at once. */
  rollSecret: `${WEBHOOKS}/:id/roll-secret`,
  /** POST: sends a `webhook.test` event to this endpoint only. */
  sendTest: `${WEBHOOKS}/:id/test`,
  /** GET: the delivery log (every attempt), newest first, `limit`/`cursor` pages. */
  deliveries: `${WEBHOOKS}/:id/deliveries`,
  /** POST: delivers that event to this endpoint again (a new run of the retry schedule). */
  redeliver: `${WEBHOOKS}/:id/deliveries/:deliveryId/redeliver`,
} as const;

/** A path with its `:id` (and `:deliveryId`) filled in. */
export function webhookPath(
  path: (typeof WEBHOOK_PATHS)[keyof typeof WEBHOOK_PATHS],
  id: string,
  deliveryId = '',
): string {
  return path.replace(':id', encodeURIComponent(id)).replace(':deliveryId', encodeURIComponent(deliveryId));
}

/**
 * Event types an endpoint can subscribe to. New events (the lease events of the device work) are
 * appended here with a description; nothing else in the mechanism lists them.
 */
export const WEBHOOK_EVENTS = {
  'key.created': 'A licence key was created.',
  'key.activated': 'A key gained an activation (a device, when a fingerprint was given).',
  'key.deactivated': 'A key lost an activation.',
  'key.enabled': 'A disabled key was enabled.',
  'key.disabled': 'A key was disabled.',
  'key.deleted': 'A key was deleted (the data holds its last state).',
  'key.limit_reached': 'An activation took the last free slot: the key is at its activation limit.',
  'api_key.revoked': 'A manager API key was revoked.',
  'api_key.rolled':
    'A manager API key was rolled: a new key replaces it, and the old one works until `data.expiresAt`.',
  'api_key.expiring':
    'A rolled API key enters its last 24 hours (or a shorter overlap starts); sent once, with its last use.',
  'lease.expired':
    'A device sent no heartbeat within its key’s lease; its slot was released (the data holds the key and the device).',
  'key.expiring':
    'A key expires within the owner’s notice period (licensing settings, 7 days by default); sent once per expiry date.',
  'key.expired': 'A key passed its expiry; sent once per expiry date.',
  'key.renewed': 'A key’s expiry was extended (renew-key).',
  'key.suspended': 'A key was suspended (or reinstated: `data.suspended` is false).',
  'trial.started': 'An app started a trial: a new trial key, activated on its device.',
  'trial.converted': 'A trial key became a paid key (its devices stay).',
  'device.released':
    'A device was released from its key, by the owner on the dashboard or by the licensee in the portal (`data.releasedBy` says who).',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
/** Sent by "Send test event" to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Request header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Northwind-Signature';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_ENDPOINT_LIMIT = 10;
/** How much of an endpoint's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

/** The JSON body of every delivery. */
export interface WebhookEventPayload<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** Unix seconds when the event happened (a retry keeps it; the signature's `t` is the send time). */
  created: number;
  data: T;
}

export const WEBHOOK_URL_MESSAGE = 'Enter the endpoint’s full address, starting with https://';
export const WEBHOOK_HTTPS_MESSAGE = 'Endpoints must use https://';
export const WEBHOOK_PRIVATE_ADDRESS_MESSAGE =
  'That address is not reachable from the internet (loopback, private or link-local); use a public HTTPS endpoint';
export const WEBHOOK_NOT_FOUND_MESSAGE = 'Webhook endpoint not found';
export const WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE = 'Delivery not found';
export const WEBHOOK_DISABLED_MESSAGE = 'This endpoint is disabled. Enable it to send it events.';
export const WEBHOOK_LIMIT_MESSAGE = `You can have at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints. Remove one first.`;
export const WEBHOOK_CREATED_MESSAGE = 'Endpoint added. Copy the signing secret now: it is shown only once.';
export const WEBHOOK_SAVED_MESSAGE = 'Endpoint saved';
export const WEBHOOK_DELETED_MESSAGE = 'Endpoint removed';
export const WEBHOOK_SECRET_ROLLED_MESSAGE =
  'New signing secret created. Copy it now: it is shown only once, and the old one no longer signs.';
export const WEBHOOK_TEST_SENT_MESSAGE = 'Test event queued; it shows in the delivery log within seconds.';
export const WEBHOOK_REDELIVER_MESSAGE = 'Delivery queued again';

const zUrl = z
  .string(WEBHOOK_URL_MESSAGE)
  .trim()
  .max(2000, 'The address must be at most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_URL_MESSAGE }));
const zDescription = z.string().trim().max(200, 'The description must be at most 200 characters');
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, 'Choose events from the list');
const zEvents = z
  .array(ZWebhookEventType, 'Choose at least one event')
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length);

/** Licensing (decision 032): an endpoint may hear only about the keys of one product (its code). */
const zEndpointProduct = zProductCode.nullable();

export const ZCreateWebhookEndpointRequest = z.strictObject({
  url: zUrl,
  description: zDescription.optional(),
  events: zEvents,
  product: zEndpointProduct.optional(),
});
export type CreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequest>;

export const ZUpdateWebhookEndpointRequest = z
  .strictObject({
    url: zUrl.optional(),
    description: zDescription.optional(),
    events: zEvents.optional(),
    enabled: z.boolean('Enabled must be true or false').optional(),
    product: zEndpointProduct.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');
export type UpdateWebhookEndpointRequest = z.infer<typeof ZUpdateWebhookEndpointRequest>;

export const ZWebhookEndpointParams = z.object({ id: z.uuid(WEBHOOK_NOT_FOUND_MESSAGE) });
export const ZWebhookDeliveryParams = z.object({
  id: z.uuid(WEBHOOK_NOT_FOUND_MESSAGE),
  deliveryId: z.uuid(WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE),
});

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(ZWebhookEventType),
  enabled: z.boolean(),
  /** Only events about keys of this product (code); null: every event. */
  product: z.string().nullable(),
  /** `whsec_…` and the secret's last four characters. */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointsResponse = z.object({
  status: z.literal('ok'),
  endpoints: z.array(ZWebhookEndpoint),
});

export const ZWebhookEndpointResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  endpoint: ZWebhookEndpoint,
});

/** Creation and rolling: the only replies that carry the signing secret. */
export const ZWebhookSecretResponse = ZWebhookEndpointResponse.extend({ secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof ZWebhookSecretResponse>;

export const ZWebhookTestResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  eventId: z.string(),
  deliveryId: z.string(),
});

export const ZWebhookDeliveriesQuery = z.object({ ...zPageQuery });

export const ZWebhookAttempt = z.object({
  id: z.string(),
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** 1 for the first POST of this event to this endpoint; retries and redeliveries count on. */
  attempt: z.number().int(),
  /** Null when no HTTP answer came (refused address, connection error, timeout). */
  statusCode: z.number().int().nullable(),
  succeeded: z.boolean(),
  latencyMs: z.number().int(),
  /** The first 1 KB of the endpoint's answer. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  /** The delivery's state now: `pending` while retries remain. */
  deliveryStatus: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDeliveriesResponse = z.object({
  status: z.literal('ok'),
  attempts: z.array(ZWebhookAttempt),
  nextCursor: zNextCursor,
});
export type WebhookDeliveriesResponse = z.infer<typeof ZWebhookDeliveriesResponse>;
