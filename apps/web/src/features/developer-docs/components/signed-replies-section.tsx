import { SIGNED_REPLY_HEADERS, SIGNED_REPLY_VERSION } from '@app/contract';
import { Tab, Table, Tabs } from 'react-bootstrap';
import { Link } from 'react-router';
import { SIGNED_REPLY_CURL } from '../content/curl-examples';
import { JAVA_EXAMPLES } from '../content/java-examples';
import { SIGNED_LICENCE_CHECK } from '../content/react-examples';
import { CodeBox } from './code-box';

const H = SIGNED_REPLY_HEADERS;

/**
 * Signed replies (decision 032), shown under the operations that sign on request (validate-key,
 * get-key-information): what to send, what comes back, how to verify it, and the pattern an app
 * follows online and offline, with the last-seen-time guard.
 */
export function SignedRepliesSection({ operationId }: { operationId: string }) {
  return (
    <section aria-labelledby={`${operationId}-signed-title`} className="mt-4">
      <h3 id={`${operationId}-signed-title`} className="h5">
        Signed replies
      </h3>
      <p>
        An answer such as <code>"valid": true</code> is only as trustworthy as the way it came: a fake local
        server, a proxy or an edited hosts file can say it, and a recorded answer can be played back. Send a
        fresh random nonce in <code>{H.nonce}</code> (16 to 128 letters, digits, <code>-</code> or{' '}
        <code>_</code>; e.g. 32 random bytes as base64url) and the reply is signed with your{' '}
        <strong>licence signing key</strong>, the Ed25519 key that signs your offline licences: your app
        verifies it with the public key it already holds (Key Manager →{' '}
        <Link to="/store/key-manager?tab=licences">Offline licences</Link>).
      </p>
      <Table responsive bordered size="sm">
        <caption className="caption-top">Reply headers (2xx replies to a request with a nonce)</caption>
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>{H.signature}</code>
            </td>
            <td>The Ed25519 signature, base64url (64 bytes).</td>
          </tr>
          <tr>
            <td>
              <code>{H.signingKeyId}</code>
            </td>
            <td>
              The id of the signing key: base64url of the first 12 bytes of SHA-256 over its public key (SPKI
              DER), the same id as a certificate’s <code>signingKeyId</code>.
            </td>
          </tr>
          <tr>
            <td>
              <code>{H.signedAt}</code>
            </td>
            <td>When the server signed, ISO 8601 (e.g. 2026-11-28T09:30:00.000Z).</td>
          </tr>
        </tbody>
      </Table>
      <p>The signature covers these lines, joined by a line feed, as UTF-8:</p>
      <pre className="bg-body-tertiary border rounded p-2 small" data-testid="signed-reply-message">
        {[
          SIGNED_REPLY_VERSION,
          `<${H.signedAt}>`,
          '<the nonce you sent>',
          '<the path you called>',
          '<the body as received>',
        ].join('\n')}
      </pre>
      <ol>
        <li>
          Take the public key whose id is <code>{H.signingKeyId}</code> among the ones you shipped; none:
          reject.
        </li>
        <li>
          Build the message from <strong>your own</strong> nonce and path (e.g.{' '}
          <code>/api/v1/saas-platform/key-manager/validate-key</code>) and the reply body’s exact bytes, never
          re-serialised JSON, and verify the signature.
        </li>
        <li>
          Require <code>{H.signedAt}</code> within a few minutes of the device clock.
        </li>
      </ol>
      <p>
        A changed body, the reply to another request (its nonce) or to another operation (its path) does not
        verify. A reply that fails any check is no answer at all: treat it like an unreachable server, never
        as valid. Without a nonce nothing is signed; failures (4xx) are never signed.
      </p>
      <h4 className="h6">Signed online check, cached certificate when offline</h4>
      <ol>
        <li>
          Online: validate-key with the device’s <code>fingerprint</code>, your <code>product</code> and a
          nonce, and believe it only if it verifies. <code>NOT_ACTIVATED</code>: activate-key, then validate
          again. Valid: check out an offline licence (checkout-license) and store it; it never outlives the
          key.
        </li>
        <li>
          No answer, 429, 5xx, or a reply that fails its check (a fake server is no better than none): verify
          the stored certificate instead.
        </li>
        <li>A refusal (valid false, or a 4xx about the key) deletes the stored certificate.</li>
        <li>
          <strong>Last-seen-time guard.</strong> Keep, across runs, the latest time your signatures have
          proved (a verified reply’s <code>{H.signedAt}</code>, a verified certificate’s <code>issuedAt</code>
          ). Real time never runs backwards, so a device clock earlier than that by more than a few minutes
          was turned back, the usual trick to keep an expired certificate or trial alive offline: refuse. It
          is as strong as the place you keep it.
        </li>
      </ol>
      <p>
        The libraries do all of this when given your public keys: in TypeScript{' '}
        <code>
          validateKey(input, {'{'} signed: true {'}'})
        </code>{' '}
        with <code>licensePublicKeys</code>, in Java{' '}
        <code>withSignedReplies(SignedReplies.verifiedWith(publicKeys))</code>, each with a{' '}
        <code>ClockGuard</code>. The examples below do it in a few lines.
      </p>
      <Tabs id={`${operationId}-signed-examples`} defaultActiveKey="typescript" className="mb-0">
        <Tab eventKey="typescript" title="TypeScript" className="pt-2">
          <CodeBox label={SIGNED_LICENCE_CHECK.label} code={SIGNED_LICENCE_CHECK.code} />
        </Tab>
        <Tab eventKey="java" title="Java" className="pt-2">
          <CodeBox
            label={JAVA_EXAMPLES.signedLicenseCheck.label}
            code={JAVA_EXAMPLES.signedLicenseCheck.code}
          />
        </Tab>
        <Tab eventKey="curl" title="curl" className="pt-2">
          <CodeBox label={SIGNED_REPLY_CURL.label} code={SIGNED_REPLY_CURL.code} />
        </Tab>
      </Tabs>
    </section>
  );
}
