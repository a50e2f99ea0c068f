import { LICENSE_TTL, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@app/contract';
import { Link } from 'react-router';
import { StackedTable } from '../../../components/stacked-table';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import { SiteOrigin } from '../../../lib/ssr/site-origin';
import { JAVA_EXAMPLES } from '../content/java-examples';
import { JAVA_EXCEPTIONS } from '../content/java-exceptions';
import {
  JAR_FILE,
  JAR_URL,
  JAVADOC_JAR_FILE,
  MAVEN_COORDINATES,
  MAVEN_INSTALL_COMMAND,
  POM_FILE,
  SDK_TARBALL_FILE,
  SDK_TARBALL_URL,
  SOURCES_JAR_FILE,
  TYPESCRIPT_SDK_NAME,
} from '../content/library';
import { OFFLINE_LICENCE_EXAMPLES } from '../content/offline-licence-examples';
import { WEBHOOK_EXAMPLES } from '../content/webhook-examples';
import { LICENSING_LIBRARY_SECTIONS, SIGNED_REPLIES_LIBRARY_SECTION } from './library-licensing-sections';
import type { LibrarySection } from './library-section';

export type { LibrarySection } from './library-section';

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
          otherwise (all are checked exceptions; <code>getMessage()</code> carries the server’s message and{' '}
          <code>getCode()</code> its error code, such as <code>key_disabled</code>, which chose the class; the
          REST documentation lists the codes):
        </p>
        {/* Below 768 px each exception is a card (name, then when), so nothing is cut off on a phone. */}
        <StackedTable bordered size="sm" responsive>
          <caption className="caption-top">Exceptions</caption>
          <thead>
            <tr>
              <th scope="col">Exception</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {JAVA_EXCEPTIONS.map(([name, when]) => (
              // Labelled in the markup too, so the prerendered page has its phone cards' labels
              // before the script runs (StackedTable adds the same ones).
              <tr key={name}>
                <td data-label="Exception">
                  <code>{name}</code>
                </td>
                <td data-label="When">{when}</td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      </>
    ),
  },
  {
    id: 'using-the-client',
    title: 'Using the Client',
    inMenu: false,
    body: (
      <ul>
        <li>
          <code>new KeyManager(apiKey)</code> reads the server from <code>KEY_MANAGER_BASE_URL</code>;{' '}
          <code>new KeyManager(apiKey, baseUrl)</code> names it; both wait at most 10 seconds (
          <code>KeyManager.DEFAULT_TIMEOUT</code>) to connect and for each reply.{' '}
          <code>new KeyManager(apiKey, baseUrl, Duration.ofSeconds(3))</code> sets another timeout.
        </li>
        <li>
          A null or blank API key, key, id or fingerprint, a base URL that is not http(s), or a timeout that
          is not positive throws <code>IllegalArgumentException</code> before any call is made.
        </li>
        <li>
          A <code>KeyManager</code> is immutable and thread-safe: create one per API key and share it between
          threads (it keeps one connection pool).
        </li>
        <li>
          Retry <code>APIConnectionException</code>, <code>RateLimitException</code> (after{' '}
          <code>getRetryAfterSeconds()</code>) and 5xx replies; the other refusals will not change by
          retrying.
        </li>
      </ul>
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
            Download <a href={JAR_URL}>{JAR_FILE}</a> (Java 17 or newer, no other dependencies) and add it to
            your classpath. With Maven or Gradle, also download <a href={`/media/${POM_FILE}`}>{POM_FILE}</a>{' '}
            (and, for your IDE, <a href={`/media/${SOURCES_JAR_FILE}`}>{SOURCES_JAR_FILE}</a> and{' '}
            <a href={`/media/${JAVADOC_JAR_FILE}`}>{JAVADOC_JAR_FILE}</a>), install them into your local
            repository with the command below, then depend on <code>{MAVEN_COORDINATES}</code>.
          </li>
          <li>Generate an API key in the API tab of the Key Manager dashboard.</li>
          <li>
            Create one <code>KeyManager</code> with the API key and reuse it. The server address comes from
            the <code>KEY_MANAGER_BASE_URL</code> environment variable, or pass it as the second constructor
            argument:{' '}
            <code>
              new KeyManager(apiKey, "<SiteOrigin />
              ")
            </code>
            .
          </li>
        </ol>
        <p className="font-monospace small bg-body-tertiary border rounded px-2 py-1">
          javac -cp {JAR_FILE} GettingStarted.java &amp;&amp; java -cp {JAR_FILE}:. GettingStarted
          YOUR-LICENCE-KEY
        </p>
        <p className="font-monospace small bg-body-tertiary border rounded px-2 py-1">
          {MAVEN_INSTALL_COMMAND}
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
        <code>getKeyInformationById(id)</code> does the same by the key’s id. It also says where the licence
        stands: <code>getKeyStatus()</code> (<code>active</code>, <code>trial</code>, <code>expired</code>,{' '}
        <code>suspended</code> or <code>disabled</code>), <code>getExpiresAt()</code> (null: never),{' '}
        <code>getProduct()</code> (the product’s code), <code>isTrial()</code>, <code>getEntitlements()</code>
        , <code>getMetadata()</code> and, for a secret key only, <code>getCustomer()</code>.
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
        <code>getMessage()</code> is “Key activated”. At the limit it throws{' '}
        <code>ActivationLimitReachedException</code>, when the key is disabled{' '}
        <code>KeyDisabledException</code> (both are <code>RequestRefusedException</code>s).{' '}
        <code>activate(key, fingerprint)</code> counts a device once however often it activates, so it is
        idempotent: retrying it after a timeout is always safe. Retrying <code>activate(key)</code> may count
        twice.
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
        uninstalled. It is refused when the count is already zero or the key is disabled.{' '}
        <code>deactivate(key, fingerprint)</code> frees only that device’s activation: the form a publishable
        key (<code>km_pub_…</code>) shipped in your app may call, and the example’s second argument.
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
  {
    id: 'devices-and-heartbeats',
    title: 'Devices, Heartbeats and Transfers',
    inMenu: true,
    body: (
      <>
        <p>
          An activation with a fingerprint is a device:{' '}
          <code>activate(key, fingerprint, deviceName, platform)</code> shows its name and platform in your
          dashboard (Keys → Devices), where you can release it. Choose a fingerprint that stays the same for
          one installation (a UUID saved on first run): the same fingerprint counts once, so retrying an
          activation after a timeout is always safe.
        </p>
        <p>
          When a key has a <strong>lease</strong> (Keys → Device policy, or per key), a device must send a
          heartbeat within it or its slot is released automatically, so the slots of dead laptops come back by
          themselves. <code>Heartbeat.start(keyManager, key, fingerprint, interval, listener)</code> beats at
          once and then every interval (pick a third of the lease) on one daemon thread, which never keeps the
          JVM alive; <code>stop()</code> or try-with-resources ends it, from any thread. A{' '}
          <code>DeviceNotActivatedException</code> in <code>onError</code> means the slot is gone: activate
          again. <code>heartbeat(key, fingerprint)</code> is the single call.
        </p>
        <p>
          When a key allows <strong>self-serve transfers</strong>, an activation from a new fingerprint at the
          limit releases the least recently seen device if it has been idle long enough, so a user who
          reinstalls gets back in without writing to you: the activation’s <code>getTransfer()</code> then
          holds a <code>TransferInformation</code> (<code>getReleasedDeviceId()</code>,{' '}
          <code>getTransfersUsed()</code>, <code>getTransfersPer30Days()</code>), and is empty otherwise. Past
          the allowance, <code>ActivationLimitReachedException.getNextTransferAt()</code> says when the next
          one is possible.
        </p>
        <p>
          A lapsed lease’s slot is free as soon as the lease expires: the next activation of the key reclaims
          it, and a heartbeat or licence checkout from the lapsed device is refused with{' '}
          <code>DeviceNotActivatedException</code> (activate again).
        </p>
      </>
    ),
    example: JAVA_EXAMPLES.heartbeat,
  },
  ...LICENSING_LIBRARY_SECTIONS,
  {
    id: 'offline-licences',
    title: 'Offline Licences',
    inMenu: true,
    body: (
      <>
        <p>
          Keep a paying user working when they are offline or this service cannot be reached. At each online
          check, <code>activate(key, fingerprint)</code> (the same device counts once), then{' '}
          <code>checkoutLicense(key, fingerprint, ttlSeconds)</code>: its <code>getCertificate()</code> is a
          signed licence your app stores ({LICENSE_TTL.minSeconds} s to {LICENSE_TTL.maxSeconds / 86_400}{' '}
          days; default {LICENSE_TTL.defaultSeconds / 86_400} days). The device must hold an activation first,
          or checkout throws <code>DeviceNotActivatedException</code>.
        </p>
        <p>
          When the service cannot be reached (<code>APIConnectionException</code>, status 0, 429 or 5xx),{' '}
          <code>OfflineLicense.verify(certificate, publicKeys, fingerprint)</code> checks the stored
          certificate with no network (Ed25519 from <code>java.security</code>) and returns the{' '}
          <code>License</code> (<code>getKey()</code>, <code>getExpiresAt()</code>,{' '}
          <code>getEntitlements()</code>, …). Any other answer is a refusal: delete the stored certificate and
          stop. <code>publicKeys</code> are every public key the dashboard lists under Key Manager → Offline
          licences (base64), current and previous; signed in, the example below shows yours.
        </p>
        <p>
          Each refusal is its own checked <code>LicenseVerificationException</code>:{' '}
          <code>LicenseMalformedException</code>, <code>LicenseUnknownSigningKeyException</code> (ship the
          rotated key’s public key too), <code>LicenseSignatureException</code>,{' '}
          <code>LicenseFingerprintMismatchException</code>, <code>LicenseNotYetValidException</code> and{' '}
          <code>LicenseExpiredException</code>. The REST documentation’s{' '}
          <Link to={`${REST_DOCS_PATH}?tab=offline`}>Offline licences tab</Link> describes the certificate.
        </p>
      </>
    ),
    example: OFFLINE_LICENCE_EXAMPLES.java,
  },
  SIGNED_REPLIES_LIBRARY_SECTION,
  {
    id: 'webhooks',
    title: 'Webhooks',
    inMenu: true,
    body: (
      <>
        <p>
          Let the Key Manager tell your server when something happens to your keys instead of polling: add an
          endpoint in the dashboard’s Webhooks tab and pick its events ({WEBHOOK_EVENT_TYPES.join(', ')}, and
          <code>{WEBHOOK_TEST_EVENT}</code> from “Send test event”). Each delivery is a JSON <code>POST</code>{' '}
          <code>{'{ id, type, created, data }'}</code>.
        </p>
        <p>
          Check every delivery with{' '}
          <code>
            WebhookSignature.verify(rawBody, request.getHeader(WebhookSignature.HEADER), signingSecret)
          </code>{' '}
          before acting on it: the raw body exactly as received, the endpoint’s signing secret (
          <code>whsec_…</code>, shown once when you add the endpoint). It refuses a changed body, another
          secret and a signature more than 5 minutes old (a replay). Answer any 2xx within 10 seconds;
          anything else is retried, and the same event <code>id</code> may arrive twice, so process each id
          once. The REST documentation’s <Link to={`${REST_DOCS_PATH}?tab=webhooks`}>Webhooks tab</Link> has
          the payload and retry schedule.
        </p>
      </>
    ),
    example: WEBHOOK_EXAMPLES.java,
  },
  {
    id: 'typescript-sdk',
    title: 'TypeScript SDK',
    inMenu: false,
    body: (
      <>
        <p>
          The same operations and exception names for Node 18+, browsers, Deno and Bun: download{' '}
          <a href={SDK_TARBALL_URL}>{SDK_TARBALL_FILE}</a> and install it (no dependencies, so it installs
          offline). It ships ESM and CommonJS with their type declarations.
        </p>
        <p className="font-monospace small bg-body-tertiary border rounded px-2 py-1">
          npm install ./{SDK_TARBALL_FILE}
        </p>
        <p>
          <code>
            import {'{'} KeyManager {'}'} from '{TYPESCRIPT_SDK_NAME}';
          </code>{' '}
          then{' '}
          <code>
            new KeyManager(apiKey, {'{'} baseUrl {'}'})
          </code>{' '}
          (without <code>baseUrl</code> it reads <code>KEY_MANAGER_BASE_URL</code> in Node, as the Java
          library does); <code>getKeyInformation(key)</code> resolves to a typed <code>keyInformation</code>.
          A refusal rejects with the exception of its <code>code</code> (the server’s error code, e.g.{' '}
          <code>activation_limit_reached</code>), kept on the exception as <code>code</code> beside{' '}
          <code>statusCode</code> and <code>message</code>; <code>ERROR_CODES</code> lists them. Its README
          (in the package) lists the options and exceptions.
        </p>
        <p>
          Devices:{' '}
          <code>
            activate(key, fingerprint, {'{'} deviceName, platform {'}'})
          </code>{' '}
          (idempotent per fingerprint, safe to retry), <code>heartbeat(key, fingerprint)</code>, and{' '}
          <code>
            startHeartbeat(manager, {'{'} key, fingerprint, onError {'}'})
          </code>{' '}
          which beats at once and then every third of the key’s lease, one beat at a time, until{' '}
          <code>stop()</code>; with <code>reactivate: true</code> it activates the same fingerprint again when
          the slot is gone (<code>DeviceNotActivatedException</code>).
        </p>
        <p>
          Licensing: <code>validateKey</code>, <code>startTrial</code>, <code>convertTrial</code>,{' '}
          <code>renewKey</code> and <code>suspendKey</code> take an object (
          <code>
            {'{'} key, fingerprint, product {'}'}
          </code>
          , …) and the licensing refusals have the Java library’s exception names; signed replies need{' '}
          <code>licensePublicKeys</code> and{' '}
          <code>
            {'{'} signed: true {'}'}
          </code>{' '}
          (or <code>signReplies: true</code>), with a <code>ClockGuard</code>. The package’s README shows
          each.
        </p>
      </>
    ),
  },
];
