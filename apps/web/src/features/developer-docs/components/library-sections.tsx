import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { JAVA_EXAMPLES } from '../content/java-examples';
import { JAR_FILE, JAR_URL } from '../content/library';
import type { CodeExample } from './code-examples';

export interface LibrarySection {
  id: string;
  title: string;
  /** The spec's side menu lists all sections but Delete Key. */
  inMenu: boolean;
  body: ReactNode;
  example?: CodeExample;
}

const EXCEPTIONS = [
  ['APIConnectionException', 'The server could not be reached (refused, timed out, DNS).'],
  ['InvalidApiKeyException', 'HTTP 401: the API key is missing, wrong or revoked.'],
  ['KeyNotFoundException', 'HTTP 404: “Invalid Key Provided” (unknown, deleted or another account’s key).'],
  [
    'RateLimitException',
    'HTTP 429: too many calls this minute; getRetryAfterSeconds() says how long to wait.',
  ],
  ['RequestRefusedException', 'Other 4xx: limit reached, key disabled, nothing to deactivate, bad input.'],
] as const;

export const LIBRARY_SECTIONS: readonly LibrarySection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    inMenu: true,
    body: (
      <>
        <p>
          The Key Manager library protects a Java application with a licence key. Give each client a key with
          a maximum number of activations; the application activates the key when it is installed, deactivates
          it when it is removed, and checks it at start-up. Disable a key at any time, for example when a
          client has not paid, and the application can no longer activate.
        </p>
        <p>
          Every operation returns on success and throws a subclass of <code>KeyManagerException</code>{' '}
          otherwise (all are checked exceptions; <code>getMessage()</code> carries the server’s message):
        </p>
        <Table bordered size="sm" responsive>
          <caption className="caption-top">Exceptions</caption>
          <thead>
            <tr>
              <th scope="col">Exception</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {EXCEPTIONS.map(([name, when]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{when}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </>
    ),
  },
  {
    id: 'getting-started',
    title: 'Getting Started',
    inMenu: true,
    body: (
      <>
        <ol>
          <li>
            Download <a href={JAR_URL}>{JAR_FILE}</a> (Java 11 or newer, no other dependencies) and add it to
            your classpath.
          </li>
          <li>Generate an API key in the API tab of the Key Manager dashboard.</li>
          <li>
            Create one <code>KeyManager</code> with the API key and reuse it. The server address comes from
            the <code>KEY_MANAGER_BASE_URL</code> environment variable, or pass it as the second constructor
            argument: <code>new KeyManager(apiKey, "{window.location.origin}")</code>.
          </li>
        </ol>
        <p className="font-monospace small bg-body-tertiary border rounded px-2 py-1">
          javac -cp {JAR_FILE} GettingStarted.java &amp;&amp; java -cp {JAR_FILE}:. GettingStarted
          YOUR-LICENCE-KEY
        </p>
      </>
    ),
    example: JAVA_EXAMPLES.gettingStarted,
  },
  {
    id: 'retrieve-digital-key-information',
    title: 'Retrieve Digital Key Information',
    inMenu: true,
    body: (
      <p>
        <code>getKeyInformation(key)</code> returns a <code>KeyInformationResponse</code>; its{' '}
        <code>getKeyInformation()</code> holds the key’s id, <code>getMaxActivations()</code> (0 means
        unlimited), <code>getCurrentActivations()</code> and <code>isActive()</code>. It is never null but may
        be empty (<code>isEmpty()</code>) when the server sent no key fields.{' '}
        <code>getKeyInformationById(id)</code> does the same by the key’s id.
      </p>
    ),
    example: JAVA_EXAMPLES.getKeyInformation,
  },
  {
    id: 'activate-key',
    title: 'Activate Key',
    inMenu: true,
    body: (
      <p>
        <code>activate(key)</code> adds one activation and returns a <code>ManipulationResponse</code> whose{' '}
        <code>getMessage()</code> is “Key activated”. At the limit, or when the key is disabled, it throws{' '}
        <code>RequestRefusedException</code>. <code>activate(key, fingerprint)</code> counts a device once
        however often it activates.
      </p>
    ),
    example: JAVA_EXAMPLES.activate,
  },
  {
    id: 'deactivate-key',
    title: 'Deactivate Key',
    inMenu: true,
    body: (
      <p>
        <code>deactivate(key)</code> subtracts one activation, for example when your application is
        uninstalled. It is refused when the count is already zero or the key is disabled.
      </p>
    ),
    example: JAVA_EXAMPLES.deactivate,
  },
  {
    id: 'enable-key',
    title: 'Enable Key',
    inMenu: true,
    body: (
      <p>
        <code>setUsable(key, true)</code> makes a disabled key usable again: it can be activated and
        deactivated.
      </p>
    ),
    example: JAVA_EXAMPLES.enable,
  },
  {
    id: 'disable-key',
    title: 'Disable Key',
    inMenu: true,
    body: (
      <p>
        <code>setUsable(key, false)</code> makes a key unusable: activation and deactivation are refused until
        it is enabled again. Its information stays readable, so your application can tell the user why.
      </p>
    ),
    example: JAVA_EXAMPLES.disable,
  },
  {
    id: 'delete-key',
    title: 'Delete Key',
    inMenu: false,
    body: (
      <p>
        <code>delete(key)</code> removes a key for good; every later call with it throws{' '}
        <code>KeyNotFoundException</code> with the message “Invalid Key Provided”.
      </p>
    ),
    example: JAVA_EXAMPLES.deleteKey,
  },
];
