import {
  API_KEY_SIMULATION_LABELS,
  API_KEY_SIMULATIONS,
  NO_PLAN_MESSAGE,
  SIMULATION_LIMITS,
} from '@app/contract';
import { Alert, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { JAVA_EXAMPLES } from '../content/java-examples';
import {
  listInWords,
  PUBLISHABLE_OPERATION_NAMES,
  SECRET_ONLY_OPERATION_NAMES,
} from '../content/operation-names';
import { COMMON_ERRORS } from '../content/operations';
import { REACT_EXAMPLES } from '../content/react-examples';
import { CodeExamples } from './code-examples';
import { ErrorTable } from './operation-section';

const SIMULATION_STATE_LIST = listInWords(
  API_KEY_SIMULATIONS.map((state) => API_KEY_SIMULATION_LABELS[state]),
);

export function AuthenticationTab() {
  return (
    <article aria-labelledby="authentication-title">
      <h2 id="authentication-title" className="h3">
        Authentication
      </h2>
      <p>
        Every call is a <code>POST</code> with a JSON body under{' '}
        <code>/api/v1/saas-platform/key-manager/</code>, authorised by a Key Manager API key sent as a bearer
        token:
      </p>
      <p className="font-monospace bg-body-tertiary border rounded px-2 py-1">
        Authorization: Bearer &lt;API key&gt;
      </p>
      <ol>
        <li>
          Activate a Key Manager plan and open the <Link to="/store/key-manager">Key Manager dashboard</Link>.
        </li>
        <li>
          In the API tab, generate an API key of the type you need. It is shown in full only once: copy it
          then.
        </li>
        <li>Revoke a key in the same tab if it leaks; applications using it stop within seconds.</li>
      </ol>
      <h3 className="h5">Which key goes where</h3>
      <Table responsive bordered size="sm">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Where</th>
            <th scope="col">May call</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              Secret <code>km_live_…</code>
            </td>
            <td>Your server, scripts, build secrets. Never in an app you ship or a web page.</td>
            <td>Every operation.</td>
          </tr>
          <tr>
            <td>
              Publishable <code>km_pub_…</code>
            </td>
            <td>Inside your app or web page (anyone can read it there).</td>
            <td>
              <ul className="mb-1 ps-3" aria-label="Operations a publishable key may call">
                {PUBLISHABLE_OPERATION_NAMES.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
              Anything else ({listInWords(SECRET_ONLY_OPERATION_NAMES).toLowerCase()}) answers 403. A{' '}
              <code>fingerprint</code> is the device’s own id.
            </td>
          </tr>
        </tbody>
      </Table>
      <p>
        Web pages on any origin may call these operations (CORS: any origin, no cookies, preflight cached for
        a day); the <code>X-RateLimit-*</code> headers are readable from the page.
      </p>
      <Alert variant="info">
        An API key reaches only its owner’s licence keys: another account’s key answers “Invalid Key
        Provided”. An API key can also be restricted to one product when you generate it (API tab): it then
        sees other products’ keys as unknown the same way (validate-key answers <code>NOT_FOUND</code>), and
        starts trials of that product only. Ship each app with a key of its own product.
      </Alert>
      <h3 className="h5">Rotating an API key</h3>
      <p>
        “Roll” in the API tab (or <code>POST /api/v1/api-keys/key-manager/roll-api-key</code> with{' '}
        <code>{'{ id, overlapHours }'}</code>, 0 to 168) makes a new key with the same name, type and product
        and keeps the old one working for the overlap you choose, so running builds keep working while you
        ship the new key. The old key’s row shows when it stops and when it was last used; after that it
        answers <code>401 api_key_expired</code> and is revoked. Webhooks <code>api_key.rolled</code> and{' '}
        <code>api_key.expiring</code> (its last 24 hours, once) tell your endpoints.
      </p>
      <h3 className="h5">Replies</h3>
      <p>
        Success is HTTP 200 with <code>status: 'ok'</code>. A failure is a 4xx with{' '}
        <code>{"{ status: 'failed', code, message }"}</code>. A key’s own state is <code>keyStatus</code>{' '}
        (active, trial, expired, suspended or disabled), beside its expiry, product, entitlements and metadata
        in every reply that carries the key; a secret key also gets its <code>customer</code>.
      </p>
      <h3 className="h5">Rate limits</h3>
      <Table responsive bordered size="sm">
        <caption className="caption-top">Response headers on every call</caption>
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>X-RateLimit-Limit</code>
            </td>
            <td>Calls per minute your plan allows for this API key.</td>
          </tr>
          <tr>
            <td>
              <code>X-RateLimit-Remaining</code>
            </td>
            <td>Calls left in the current minute.</td>
          </tr>
          <tr>
            <td>
              <code>X-RateLimit-Reset</code>
            </td>
            <td>Seconds until the window resets.</td>
          </tr>
          <tr>
            <td>
              <code>Retry-After</code>
            </td>
            <td>On HTTP 429 only: seconds to wait before calling again.</td>
          </tr>
        </tbody>
      </Table>
      <ErrorTable errors={COMMON_ERRORS} />
      <h3 className="h5 mt-4">Testing your error handling</h3>
      <p data-testid="api-sandbox-docs">
        Your app should tell its user what to do when the answer is 402 (payment required), 403 “
        {NO_PLAN_MESSAGE}” or 429. To see it happen, open the{' '}
        <Link to="/store/key-manager?tab=api">API tab</Link>’s sandbox and make one of your API keys answer
        that way for up to {SIMULATION_LIMITS.minutesMax} minutes: {SIMULATION_STATE_LIST}. Only that key
        changes (your plan, other keys and licence keys do not), its replies carry{' '}
        <code>X-Key-Manager-Simulation</code>, and the messages are the real ones, so the libraries throw
        their usual exceptions. The same is <code>POST /api/v1/api-keys/key-manager/simulate-api-key</code>{' '}
        from your dashboard session.
      </p>
      <h3 className="h5 mt-4">Examples</h3>
      <CodeExamples
        id="authentication"
        react={REACT_EXAMPLES.authentication}
        java={JAVA_EXAMPLES.gettingStarted}
      />
    </article>
  );
}
