import { Alert, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { JAVA_EXAMPLES } from '../content/java-examples';
import { COMMON_ERRORS } from '../content/operations';
import { REACT_EXAMPLES } from '../content/react-examples';
import { CodeExamples } from './code-examples';
import { ErrorTable } from './operation-section';

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
        <li>In the API tab, generate an API key. It is shown in full only once: copy it then.</li>
        <li>Keep it on your server or in your build’s secrets; revoke it in the same tab if it leaks.</li>
      </ol>
      <Alert variant="info">
        An API key reaches only its owner’s licence keys: another account’s key answers “Invalid Key
        Provided”.
      </Alert>
      <h3 className="h5">Replies</h3>
      <p>
        Success is HTTP 200 with <code>status: 'ok'</code>. A failure is a 4xx with{' '}
        <code>{"{ status: 'failed', message }"}</code>.
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
      <h3 className="h5 mt-4">Examples</h3>
      <CodeExamples
        id="authentication"
        react={REACT_EXAMPLES.authentication}
        java={JAVA_EXAMPLES.gettingStarted}
      />
    </article>
  );
}
