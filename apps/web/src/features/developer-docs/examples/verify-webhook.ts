// TypeScript: receive Key Manager webhooks in any framework built on the Fetch API's Request and
// Response (Next.js route handlers, Hono, Remix, Bun, Deno, Node 18+). With Express, read the body
// with express.raw({ type: 'application/json' }) and pass req.body (the bytes) as the payload.
import { verifyWebhookSignature, type WebhookEvent } from '@northwind/key-manager';

export async function handleKeyManagerWebhook(request: Request, secret: string): Promise<Response> {
  // The raw body exactly as sent: re-serialised JSON would not match the signature.
  const payload = await request.text();
  const signature = request.headers.get('Northwind-Signature');
  // Checks the HMAC with the endpoint's secret (whsec_…) and refuses a time more than 5 minutes off.
  if (!(await verifyWebhookSignature(payload, signature, secret))) {
    return new Response('Invalid signature', { status: 400 });
  }
  const event = JSON.parse(payload) as WebhookEvent<{ key?: { key: string; currentActivations: number } }>;
  // Retries resend the same event id: remember the ids you processed and skip repeats.
  switch (event.type) {
    case 'key.limit_reached':
      console.log(`Key ${event.data.key?.key} is at its activation limit`);
      break;
    case 'key.disabled':
      console.log(`Key ${event.data.key?.key} was disabled`);
      break;
    default:
      console.log(`Event ${event.id}: ${event.type}`);
  }
  // Any 2xx marks the delivery done; anything else (or no answer in 10 s) is retried.
  return new Response(null, { status: 204 });
}
