// The webhook receivers the docs show are real files: the TypeScript one is run against real
// deliveries by apps/api/.../webhooks/webhooks.api.test.ts, the Java one compiled by the Java tests.
import verifyJava from '../../../../../../sdks/java/examples/VerifyWebhook.java?raw';
import type { CodeExample } from '../components/code-examples';
import verifyTypeScript from '../examples/verify-webhook.ts?raw';

export const WEBHOOK_EXAMPLES: { typescript: CodeExample; java: CodeExample } = {
  typescript: { label: 'TypeScript: verify-webhook.ts', code: verifyTypeScript },
  java: { label: 'Java: VerifyWebhook.java', code: verifyJava },
};

export const WEBHOOK_PAYLOAD_EXAMPLE = `POST /webhooks/key-manager HTTP/1.1
Content-Type: application/json
User-Agent: Northwind-Webhooks/1.0
Northwind-Signature: t=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd

{"id":"evt_3kTq9mB0cX1vYl2Zr7sHf4aD","type":"key.activated","created":1767225600,
 "data":{"key":{"id":"6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11","key":"7K2QF-…","maxActivations":3,
 "currentActivations":2,"isActive":true,"keyStatus":"active","expiresAt":"2027-01-01T00:00:00.000Z",
 "product":"studio","trial":false,"entitlements":{"pro":true},"metadata":{},
 "customer":{"name":"Ada Lovelace","email":"ada@example.com","ref":"cus_42"}},"fingerprint":"laptop-4f1c"}}`;
