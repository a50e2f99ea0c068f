import type { CodeExample } from '../components/code-examples';

/**
 * The curl examples of the REST docs: shell lines that run as pasted once the three variables at the
 * top hold the reader's server, API key and licence key. The body goes in a here-document, so the
 * variables fill into plain JSON without escaping. Signed in, the page puts the reader's publishable
 * key in place of `km_pub_…` (content/example-keys.ts) and this site's address in place of the
 * example server (components/code-box.tsx).
 */
const SERVER = "KEY_MANAGER_URL='http://localhost:3000' # your Key Manager server";
const PUBLISHABLE = "API_KEY='km_pub_…' # API tab → Generate API key → Publishable";
const SECRET = "API_KEY='km_live_…' # API tab → Generate API key → Secret: keep it on your server";
const LICENCE = "LICENCE_KEY='YOUR-LICENCE-KEY' # Keys tab";

interface CurlCall {
  /** The operation's file name in the label, e.g. validate-key. */
  operation: string;
  path: string;
  apiKey: 'publishable' | 'secret';
  /** The JSON body; `$LICENCE_KEY` is filled in by the shell. */
  body: string;
  /** Whether the body names the licence key (start-trial does not). */
  licenceKey?: boolean;
  /** More variables the body uses, one assignment a line. */
  variables?: readonly string[];
  /** A line after the call: what the reply says. */
  reply: string;
}

function curl({
  operation,
  path,
  apiKey,
  body,
  licenceKey = true,
  variables = [],
  reply,
}: CurlCall): CodeExample {
  const lines = [
    SERVER,
    apiKey === 'secret' ? SECRET : PUBLISHABLE,
    ...(licenceKey ? [LICENCE] : []),
    ...variables,
  ];
  const code = `${lines.join('\n')}

curl -sS "$KEY_MANAGER_URL${path}" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H 'Content-Type: application/json' \\
  --data-binary @- <<JSON
${body}
JSON
# ${reply}`;
  return { label: `curl: ${operation}`, code };
}

const KM = '/api/v1/saas-platform/key-manager';

export const CURL_EXAMPLES = {
  getKeyInformation: curl({
    operation: 'get-key-information',
    path: `${KM}/get-key-information`,
    apiKey: 'publishable',
    body: '{"key": "$LICENCE_KEY"}',
    reply:
      '{"status":"ok","id":"…","key":"…","maxActivations":3,"currentActivations":1,"isActive":true,"keyStatus":"active","expiresAt":"2027-11-28T09:30:00.000Z","product":"studio","trial":false,"entitlements":{"pro":true},"metadata":{}}',
  }),
  activate: curl({
    operation: 'activate-key',
    path: `${KM}/activate-key`,
    apiKey: 'publishable',
    body: '{"key": "$LICENCE_KEY", "fingerprint": "laptop-4f1c", "deviceName": "Ada’s laptop", "platform": "windows"}',
    reply:
      '{"status":"ok","message":"Key activated",…} — again with the same fingerprint: "Key already activated on this device"',
  }),
  deactivate: curl({
    operation: 'deactivate-key',
    path: `${KM}/deactivate-key`,
    apiKey: 'publishable',
    body: '{"key": "$LICENCE_KEY", "fingerprint": "laptop-4f1c"}',
    reply: '{"status":"ok","message":"Key deactivated",…}',
  }),
  markKeyAsUsable: curl({
    operation: 'mark-key-as-active',
    path: `${KM}/mark-key-as-active`,
    apiKey: 'secret',
    body: '{"key": "$LICENCE_KEY", "isActive": false}',
    reply: '{"status":"ok","message":"Key disabled",…,"isActive":false,"keyStatus":"disabled",…}',
  }),
  deleteKey: curl({
    operation: 'delete-key',
    path: `${KM}/delete-key`,
    apiKey: 'secret',
    body: '{"key": "$LICENCE_KEY"}',
    reply: '{"status":"ok","message":"Key deleted"}',
  }),
  heartbeat: curl({
    operation: 'heartbeat',
    path: `${KM}/heartbeat`,
    apiKey: 'publishable',
    body: '{"key": "$LICENCE_KEY", "fingerprint": "laptop-4f1c"}',
    reply: '{"status":"ok","message":"Heartbeat recorded",…,"leaseSeconds":0,"leaseExpiresAt":null}',
  }),
  validateKey: curl({
    operation: 'validate-key',
    path: `${KM}/validate-key`,
    apiKey: 'publishable',
    variables: ["PRODUCT='studio' # Key Manager → Products: the key's product code"],
    body: '{"key": "$LICENCE_KEY", "fingerprint": "laptop-4f1c", "product": "$PRODUCT"}',
    reply:
      '{"status":"ok","valid":true,"code":"VALID","message":"The key is valid.","key":{…,"keyStatus":"active",…}} — or e.g. "valid":false,"code":"NOT_ACTIVATED" (activate-key first)',
  }),
  startTrial: curl({
    operation: 'start-trial',
    path: `${KM}/start-trial`,
    apiKey: 'publishable',
    licenceKey: false,
    variables: ["PRODUCT='studio' # Key Manager → Products: a product with a trial policy"],
    body: '{"product": "$PRODUCT", "fingerprint": "laptop-4f1c", "email": "ada@example.com"}',
    reply:
      '{"status":"ok","message":"Trial started",…,"key":"…","keyStatus":"trial","expiresAt":"…","trial":true,…} — a second time: 409 {"code":"trial_used",…}',
  }),
  convertTrial: curl({
    operation: 'convert-trial',
    path: `${KM}/convert-trial`,
    apiKey: 'secret',
    body: '{"key": "$LICENCE_KEY", "customerEmail": "ada@example.com", "customerRef": "cus_42"}',
    reply:
      '{"status":"ok","message":"Trial converted",…,"keyStatus":"active","trial":false,…,"customer":{"name":null,"email":"ada@example.com","ref":"cus_42"}}',
  }),
  renewKey: curl({
    operation: 'renew-key',
    path: `${KM}/renew-key`,
    apiKey: 'secret',
    body: '{"key": "$LICENCE_KEY"}',
    reply:
      '{"status":"ok","message":"Key renewed",…,"expiresAt":"…"} — or set a date: {"key": "…", "until": "2027-12-31T23:59:59Z"}',
  }),
  suspendKey: curl({
    operation: 'suspend-key',
    path: `${KM}/suspend-key`,
    apiKey: 'secret',
    body: '{"key": "$LICENCE_KEY", "suspended": true}',
    reply:
      '{"status":"ok","message":"Key suspended",…,"keyStatus":"suspended",…} — "suspended": false reinstates it',
  }),
  getUsage: curl({
    operation: 'get-usage',
    path: `${KM}/usage`,
    apiKey: 'secret',
    licenceKey: false,
    body: '{"from": "2026-11-21T00:00:00Z", "granularity": "day"}',
    reply:
      '{"status":"ok","granularity":"day","series":[{"at":"2026-11-21T00:00:00.000Z","validations":1520,…,"refusals":9},…],"totals":{…,"calls":10977,"uniqueDevices":311}}',
  }),
} as const;

/**
 * A signed validate-key reply, checked with OpenSSL 3 as an app would check it: the message is built
 * from the nonce this request sent and the path it called, and the body exactly as received.
 */
export const SIGNED_REPLY_CURL: CodeExample = {
  label: 'curl + OpenSSL: a signed reply, verified',
  code: `${SERVER}
${PUBLISHABLE}
${LICENCE}
# Key Manager → Offline licences: save your current public key (PEM) as public-key.pem.
OPERATION='${KM}/validate-key'
NONCE=$(openssl rand -hex 16) # a fresh one for every request

curl -sS "$KEY_MANAGER_URL$OPERATION" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H 'Content-Type: application/json' \\
  -H "x-km-nonce: $NONCE" \\
  -D headers.txt -o body.json \\
  --data-binary @- <<JSON
{"key": "$LICENCE_KEY"}
JSON

header() { grep -i "^$1:" headers.txt | cut -d' ' -f2 | tr -d '\\r'; }
# What was signed: km-reply-v1, the signing time, YOUR nonce, the path you called, the body as received.
{ printf 'km-reply-v1\\n%s\\n%s\\n%s\\n' "$(header x-km-signed-at)" "$NONCE" "$OPERATION"; cat body.json; } > message.bin
printf '%s==' "$(header x-km-signature)" | tr '_-' '/+' | base64 -d > signature.bin # base64url, 64 bytes
echo "signed by key $(header x-km-signing-key) at $(header x-km-signed-at)"
openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in message.bin -sigfile signature.bin \\
  && cat body.json # "Signature Verified Successfully": the answer is yours, to this very request`,
};
