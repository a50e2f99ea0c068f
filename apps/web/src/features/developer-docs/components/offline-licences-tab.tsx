import { ENTITLEMENT_LIMITS, LICENSE_TTL } from '@app/contract';
import { Alert, Tab, Table, Tabs } from 'react-bootstrap';
import { Link } from 'react-router';
import { CHECKOUT_REQUEST_EXAMPLE, OFFLINE_LICENCE_EXAMPLES } from '../content/offline-licence-examples';
import { CodeBox } from './code-box';

const days = (seconds: number) => seconds / 86_400;

/** The Offline licences section of the REST docs: checkout, certificate format, verification, pattern. */
export function OfflineLicencesTab() {
  return (
    <article aria-labelledby="offline-title">
      <h2 id="offline-title" className="h3">
        Offline licences
      </h2>
      <p>
        An app should keep working for a paying user when the user is offline or this service is down. Check
        the key online when you can, and at each online check also <strong>check out a signed licence</strong>
        : a certificate your app stores and verifies later with no network, using your public key. The Java
        library and the TypeScript SDK do the verification for you.
      </p>
      <h3 className="h5">Recommended pattern</h3>
      <ol>
        <li>
          At start (and every few hours), call <code>activate-key</code> with the device’s fingerprint (it
          counts once), then <code>checkout-license</code>, and store the certificate. With licensing, ask{' '}
          <Link to="?tab=keys&op=validate-key">validate-key</Link> first, with a signed reply: the Keys tab’s
          “Signed online check, cached certificate when offline” adds the checks against a fake server and a
          clock turned back.
        </li>
        <li>
          If the service cannot be reached (no answer, 429 or 5xx), verify the stored certificate instead: it
          keeps the user working until it expires (say 14 days after the last online check).
        </li>
        <li>
          If the service answers with a refusal (key disabled or deleted, activation limit), delete the stored
          certificate and stop: an answer always wins over the cache.
        </li>
      </ol>
      <h3 className="h5">
        <code>checkout-license</code>
      </h3>
      <p>
        Secret (<code>km_live_…</code>) and publishable (<code>km_pub_…</code>) keys may call it, from any
        origin. The device must hold an activation of the key (activate first with the same{' '}
        <code>fingerprint</code>): otherwise it answers 409{' '}
        <code>This device is not activated for the key</code>, so certificates never exceed the key’s
        activation limit. A disabled key answers 409 <code>Key is disabled</code>, a suspended one{' '}
        <code>Key is suspended</code>, and one past its expiry (and grace, under a policy that refuses expired
        keys) <code>Key has expired</code> or <code>Trial has ended</code>.{' '}
        <strong>A certificate never outlives its key:</strong> its expiry is the earlier of{' '}
        <code>ttlSeconds</code> from now and the moment the key stops working (its expiry plus grace); a key
        whose policy lets it run after expiry keeps the lifetime asked.
      </p>
      <Table responsive bordered size="sm">
        <caption className="caption-top">Body</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>key</code> (or <code>id</code>)
            </td>
            <td>The licence key.</td>
          </tr>
          <tr>
            <td>
              <code>fingerprint</code>
            </td>
            <td>Required: the activated device the certificate is for.</td>
          </tr>
          <tr>
            <td>
              <code>ttlSeconds</code>
            </td>
            <td>
              How long it is valid: {LICENSE_TTL.minSeconds} s to {days(LICENSE_TTL.maxSeconds)} days; default{' '}
              {days(LICENSE_TTL.defaultSeconds)} days.
            </td>
          </tr>
        </tbody>
      </Table>
      <CodeBox
        label="Example: activate the device, then check out its licence"
        code={CHECKOUT_REQUEST_EXAMPLE}
      />
      <h3 className="h5">The certificate</h3>
      <p>
        <code>base64url(payload JSON)</code>, a dot, and <code>base64url(Ed25519 signature)</code> of the
        first part’s ASCII bytes. The payload holds the key’s id and value, the fingerprint, max activations,
        issue and expiry times (Unix seconds), the key’s <strong>entitlements</strong> (set per key in the
        dashboard’s Keys tab: up to {ENTITLEMENT_LIMITS.entries} names with text, number or true/false values)
        and the <code>signingKeyId</code> of the key that signed it. To verify: find your public key with that
        id, check the signature, then the fingerprint, and the times with a few minutes’ allowance for the
        device clock.
      </p>
      <h3 className="h5">Public keys and rotation</h3>
      <p>
        The <Link to="/store/key-manager?tab=licences">Offline licences tab</Link> of the Key Manager shows
        your public keys as PEM (Node, browsers) and base64 DER (Java): embed them in your app.{' '}
        <strong>Rotate</strong> creates a new signing key; the previous one stops signing but its certificates
        keep verifying while your app still lists its public key. Ship the new public key, wait until old
        certificates have expired, then <strong>Retire</strong> the previous key. Private keys never leave the
        server.
      </p>
      <Tabs id="offline-licence-examples" defaultActiveKey="typescript" className="mb-0">
        <Tab eventKey="typescript" title="TypeScript" className="pt-2">
          <CodeBox
            label={OFFLINE_LICENCE_EXAMPLES.typescript.label}
            code={OFFLINE_LICENCE_EXAMPLES.typescript.code}
          />
        </Tab>
        <Tab eventKey="java" title="Java" className="pt-2">
          <CodeBox label={OFFLINE_LICENCE_EXAMPLES.java.label} code={OFFLINE_LICENCE_EXAMPLES.java.code} />
        </Tab>
      </Tabs>
      <Alert variant="info">
        Each refusal has its own error: <code>LicenseSignatureError</code>, <code>LicenseExpiredError</code>,{' '}
        <code>LicenseFingerprintMismatchError</code>, <code>LicenseNotYetValidError</code>,{' '}
        <code>LicenseUnknownSigningKeyError</code>, <code>LicenseMalformedError</code> in TypeScript (all{' '}
        <code>LicenseVerificationError</code>), and the same names ending in <code>Exception</code> in Java.
      </Alert>
    </article>
  );
}
