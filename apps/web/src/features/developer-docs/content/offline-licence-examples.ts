// The offline-licence pattern the docs show is real code: the TypeScript one is run against the real
// server (and then with it stopped) by apps/api/.../key-manager-sdk/offline-licence-sdk.api.test.ts,
// the Java one compiled by the Java tests.
import checkJava from '../../../../../../sdks/java/examples/OfflineLicenseCheck.java?raw';
import type { CodeExample } from '../components/code-examples';
import checkTypeScript from '../examples/offline-licence.ts?raw';

export const OFFLINE_LICENCE_EXAMPLES: { typescript: CodeExample; java: CodeExample } = {
  typescript: { label: 'TypeScript: offline-licence.ts', code: checkTypeScript },
  java: { label: 'Java: OfflineLicenseCheck.java', code: checkJava },
};

/**
 * The two calls of an online check as they go over the wire: the device is activated first (the same
 * fingerprint counts once), because checkout refuses a device that holds no activation.
 */
export const CHECKOUT_REQUEST_EXAMPLE = `POST /api/v1/saas-platform/key-manager/activate-key
Authorization: Bearer km_pub_…
Content-Type: application/json

{ "key": "7K2QF-…", "fingerprint": "laptop-4f1c" }

200 { "status": "ok", "message": "Key activated", "id": "6f1c9a52-…", "key": "7K2QF-…",
      "maxActivations": 3, "currentActivations": 1, "isActive": true }

POST /api/v1/saas-platform/key-manager/checkout-license
Authorization: Bearer km_pub_…
Content-Type: application/json

{ "key": "7K2QF-…", "fingerprint": "laptop-4f1c", "ttlSeconds": 1209600 }

200 { "status": "ok",
      "certificate": "eyJ2IjoxLCJzaWduaW5nS2V5SWQiOi….ZQmVYa0ooOlLUoEBkvONw323Z9Ol…",
      "license": { "v": 1, "signingKeyId": "aZGxPuOmW5Oup57t", "keyId": "6f1c9a52-…", "key": "7K2QF-…",
                   "fingerprint": "laptop-4f1c", "maxActivations": 3, "issuedAt": 1767225600,
                   "expiresAt": 1768435200, "entitlements": { "tier": "pro", "seats": 5 } } }`;
