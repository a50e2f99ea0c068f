import { Link } from 'react-router';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import { JAVA_EXAMPLES } from '../content/java-examples';

import type { LibrarySection } from './library-section';

/** Licensing's sections (decision 032): validation, trials, the lifecycle calls. */
export const LICENSING_LIBRARY_SECTIONS: readonly LibrarySection[] = [
  {
    id: 'validate-key',
    title: 'Validate Key',
    inMenu: true,
    body: (
      <>
        <p>
          <code>validateKey(ValidateKeyRequest.forKey(key).fingerprint(fingerprint).product(code))</code>{' '}
          answers “may the app run now” in one call: the key’s state, its expiry and grace, its product, this
          device’s activation and the entitlements asked for (<code>.entitlements("pro")</code>). The{' '}
          <code>ValidationResult</code> says <code>isValid()</code> and why in one word,{' '}
          <code>getCode()</code> (<code>VALID</code>, <code>NOT_FOUND</code>, <code>DISABLED</code>,{' '}
          <code>SUSPENDED</code>, <code>EXPIRED</code>, <code>TRIAL_EXPIRED</code>,{' '}
          <code>PRODUCT_MISMATCH</code>, <code>NOT_ACTIVATED</code>, <code>TOO_MANY_DEVICES</code>,{' '}
          <code>ENTITLEMENTS_MISSING</code>), with <code>getMessage()</code>, <code>getKey()</code> and{' '}
          <code>getMissingEntitlements()</code>. A refused licence is an answer, not an exception.{' '}
          <code>EXPIRED</code> comes with <code>isValid()</code> true during a grace period or when the policy
          lets expired keys run: warn the user then. With a fingerprint the call is also the device’s
          heartbeat. A publishable key may call it; the REST documentation’s{' '}
          <Link to={`${REST_DOCS_PATH}?tab=keys&op=validate-key`}>Validate key page</Link> lists the codes in
          the order they are checked.
        </p>
      </>
    ),
    example: JAVA_EXAMPLES.validateKey,
  },
  {
    id: 'trials',
    title: 'Trials',
    inMenu: true,
    body: (
      <p>
        <code>startTrial(StartTrialRequest.of(product, fingerprint).email(email))</code> (or{' '}
        <code>startTrial(product, fingerprint)</code>) makes a new key from the product’s trial policy (set up
        under Key Manager → Products), already activated on this device, and returns it in a{' '}
        <code>ManipulationResponse</code>: keep its key on the device until the trial ends. One trial per
        device, and per email, per product: another throws <code>TrialUsedException</code>. A product without
        a trial policy throws <code>TrialNotOfferedException</code>, an unknown code{' '}
        <code>ProductNotFoundException</code>. A publishable key may call it.
      </p>
    ),
    example: JAVA_EXAMPLES.startTrial,
  },
  {
    id: 'convert-renew-suspend',
    title: 'Convert, Renew and Suspend',
    inMenu: true,
    body: (
      <p>
        From your server, with a secret key, when a payment arrives or fails:{' '}
        <code>convertTrial(ConvertTrialRequest.forKey(key).customerEmail(email))</code> makes a trial a paid
        key (the same key and devices, a standard policy’s terms; <code>NotATrialException</code> otherwise);{' '}
        <code>renewKey(key)</code> extends the expiry by the key’s duration (from its expiry, or from now once
        expired) and <code>renewKey(key, until)</code> sets it (<code>KeyNotRenewableException</code> for a
        key without a duration); <code>suspendKey(key, true)</code> suspends a key, refused like a disabled
        one with <code>KeySuspendedException</code>, and <code>suspendKey(key, false)</code> reinstates it.
        Each returns a <code>ManipulationResponse</code> with the key’s new state.
      </p>
    ),
    example: JAVA_EXAMPLES.manageLicence,
  },
];

/** Signed online replies, after the offline licences they pair with. */
export const SIGNED_REPLIES_LIBRARY_SECTION: LibrarySection = {
  id: 'signed-replies',
  title: 'Signed Replies',
  inMenu: true,
  body: (
    <>
      <p>
        An answer such as “valid” is only as trustworthy as the way it came: a fake local server, a proxy or a
        recorded reply could say it.{' '}
        <code>keyManager.withSignedReplies(SignedReplies.verifiedWith(publicKeys))</code> returns a client
        that sends a fresh nonce and accepts a validate or information reply only when it is signed with your
        licence signing key for this very request (the same public keys as <code>OfflineLicense.verify</code>
        ); otherwise it throws a <code>ReplyVerificationException</code>, which your app treats as no answer
        at all.
      </p>
      <p>
        A <code>ClockGuard</code> remembers the latest time your signatures proved (a signed reply’s time, a
        verified certificate’s issue time); a machine clock earlier than that by more than 5 minutes was
        turned back, and is refused online and offline (
        <code>OfflineLicense.verify(certificate, publicKeys, fingerprint, guard)</code>). Keep its{' '}
        <code>getLastSeenAt()</code> across runs. The example is the whole pattern: a signed online check and
        a fresh certificate when possible, the stored certificate when the service cannot be reached. The REST
        documentation’s <Link to={`${REST_DOCS_PATH}?tab=keys&op=validate-key`}>Validate key page</Link>{' '}
        describes the signature.
      </p>
    </>
  ),
  example: JAVA_EXAMPLES.signedLicenseCheck,
};
