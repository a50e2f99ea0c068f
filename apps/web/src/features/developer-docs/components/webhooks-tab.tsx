import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '@app/contract';
import { Alert, Tab, Table, Tabs } from 'react-bootstrap';
import { Link } from 'react-router';
import { WEBHOOK_EXAMPLES, WEBHOOK_PAYLOAD_EXAMPLE } from '../content/webhook-examples';
import { CodeBox } from './code-box';

/** The Webhooks section of the REST docs: events, payload, signature, retries, verification code. */
export function WebhooksTab() {
  return (
    <article aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className="h3">
        Webhooks
      </h2>
      <p>
        Instead of polling, let the Key Manager tell your server when something happens to your keys. In the{' '}
        <Link to="/store/key-manager?tab=webhooks">Key Manager dashboard</Link>, open the Webhooks tab, add an
        HTTPS endpoint and pick its events. The endpoint’s <strong>signing secret</strong> (
        <code>whsec_…</code>) is shown once; keep it with your server’s secrets, and roll it there if it
        leaks.
      </p>
      <Table responsive bordered size="sm">
        <caption className="caption-top">Events</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <tr key={type}>
              <td>
                <code>{type}</code>
              </td>
              <td>{WEBHOOK_EVENTS[type]}</td>
            </tr>
          ))}
          <tr>
            <td>
              <code>webhook.test</code>
            </td>
            <td>“Send test event” in the dashboard (to that endpoint only).</td>
          </tr>
        </tbody>
      </Table>
      <h3 className="h5">Delivery</h3>
      <p>
        Each event is a <code>POST</code> with a JSON body <code>{'{ id, type, created, data }'}</code>:{' '}
        <code>id</code> (<code>evt_…</code>) names the event, <code>created</code> is in Unix seconds, and{' '}
        <code>data.key</code> is the key as <code>get-key-information</code> returns it to a secret key, its{' '}
        <code>keyStatus</code>, <code>expiresAt</code>, <code>product</code>, entitlements, metadata and{' '}
        <code>customer</code> included (<code>data.apiKey</code> for <code>api_key.revoked</code>, with{' '}
        <code>newApiKey</code> and <code>expiresAt</code> for <code>api_key.rolled</code> and{' '}
        <code>expiresAt</code> and <code>lastUsed</code> for <code>api_key.expiring</code>, keys always
        masked; activations and <code>trial.started</code> add the device <code>fingerprint</code>;{' '}
        <code>key.suspended</code> adds <code>suspended</code>, false when the key was reinstated).{' '}
        <code>key.expiring</code> and <code>key.expired</code> are sent once per expiry date (a renewal’s new
        date is announced again); the notice period is a licensing setting of the Products tab. Keys issued or
        imported in bulk send no <code>key.created</code>. An endpoint kept to one product (its Product choice
        in the dashboard) hears only about that product’s keys.
      </p>
      <CodeBox label="Example delivery (shortened)" code={WEBHOOK_PAYLOAD_EXAMPLE} />
      <h3 className="h5">Verifying the signature</h3>
      <p>
        Every delivery carries <code>Northwind-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>. To
        check it:
      </p>
      <ol>
        <li>Read the raw request body, exactly as received (not re-serialised JSON).</li>
        <li>
          Compute HMAC-SHA256 with the signing secret (the whole <code>whsec_…</code> string, UTF-8) over{' '}
          <code>t</code>, a dot and the body: <code>"&lt;t&gt;.&lt;body&gt;"</code>, in lower-case hex.
        </li>
        <li>
          Compare it with each <code>v1</code> value in constant time; accept if one matches and{' '}
          <code>t</code> is within 5 minutes of your clock (this refuses replays).
        </li>
      </ol>
      <p>
        Both libraries do this for you: <code>verifyWebhookSignature(payload, header, secret)</code> in the
        TypeScript SDK and <code>WebhookSignature.verify(payload, header, secret)</code> in the Java library.
      </p>
      <Tabs id="webhook-examples" defaultActiveKey="typescript" className="mb-0">
        <Tab eventKey="typescript" title="TypeScript" className="pt-2">
          <CodeBox label={WEBHOOK_EXAMPLES.typescript.label} code={WEBHOOK_EXAMPLES.typescript.code} />
        </Tab>
        <Tab eventKey="java" title="Java" className="pt-2">
          <CodeBox label={WEBHOOK_EXAMPLES.java.label} code={WEBHOOK_EXAMPLES.java.code} />
        </Tab>
      </Tabs>
      <h3 className="h5">Answering and retries</h3>
      <ul>
        <li>
          Answer any <strong>2xx</strong> within 10 seconds once the event is stored; do slow work afterwards.
          Anything else — another status, a redirect, a timeout, no connection — is a failed attempt.
        </li>
        <li>
          Failed attempts are retried with exponential backoff: after about 30 s, 1 min, 2 min, … doubling
          (with jitter), 12 retries over at least 34 hours. Each endpoint retries on its own schedule.
        </li>
        <li>
          The dashboard shows every attempt (status, time taken, the first 1 KB of your answer) and can
          redeliver any event.
        </li>
        <li>
          Delivery is at least once and events may arrive out of order: use <code>id</code> to skip repeats,
          and <code>created</code> or the key’s state in <code>data</code> rather than arrival order.
        </li>
      </ul>
      <Alert variant="info">
        Endpoints must be public HTTPS addresses. Loopback, private and link-local addresses are refused, also
        when a name resolves to one at delivery time.{' '}
        <span data-testid="trial-webhook-endpoints">
          A server in trial mode (the embedded database, as <code>npm start</code> runs it) also accepts{' '}
          <code>http://</code> and private addresses such as <code>http://127.0.0.1:8080/webhooks</code>, so
          you can receive deliveries on your own machine while you build; its operator sets this with{' '}
          <code>WEBHOOKS_ALLOW_PRIVATE</code>.
        </span>
      </Alert>
    </article>
  );
}
