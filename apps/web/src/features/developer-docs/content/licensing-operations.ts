import {
  ENTITLEMENT_LIMITS,
  ERROR_CODES,
  KEY_MANAGER_PATHS,
  keyLimitMessage,
  NONCE_PATTERN,
  SIGNED_REPLY_HEADERS,
} from '@app/contract';
import { CURL_EXAMPLES } from './curl-examples';
import { JAVA_EXAMPLES } from './java-examples';
import {
  deviceFields,
  E,
  fingerprintField,
  idField,
  invalidKey,
  keyField,
  type OperationDoc,
  signedNote,
  withMessage,
} from './operation-doc';
import { OPERATION_NAMES } from './operation-names';
import { REACT_EXAMPLES } from './react-examples';

/** Licensing's public operations (decision 032), after the spec's on the REST docs page. */
export const LICENSING_OPERATIONS: readonly OperationDoc[] = [
  {
    id: 'validate-key',
    operation: 'validateKey',
    title: OPERATION_NAMES.validateKey,
    path: KEY_MANAGER_PATHS.validateKey,
    description: `May your application run now? One call checks the key’s state, its expiry and grace, its product, this device’s activation and the entitlements you need, and answers with valid and a one-word code. It is always HTTP 200 once the API key is accepted: a refused licence is an answer, not an error, so read code rather than catching. With a fingerprint the check is also that device’s heartbeat. A publishable key may call it. ${signedNote('Signed replies, below')}`,
    request: [
      keyField,
      idField,
      {
        name: 'fingerprint',
        type: 'string',
        description:
          'This device: it must hold an activation of the key (NOT_ACTIVATED otherwise: activate-key, then validate again).',
      },
      {
        name: 'product',
        type: 'string',
        description:
          'Your product’s code (Key Manager → Products): a key of another product answers PRODUCT_MISMATCH.',
      },
      {
        name: 'entitlements',
        type: 'string[]',
        description: `Names this build needs (up to ${ENTITLEMENT_LIMITS.entries}): a key that lacks one answers ENTITLEMENTS_MISSING.`,
      },
    ],
    response: [
      { name: 'status', type: "'ok'", description: 'Always, whatever the licence’s answer.' },
      { name: 'valid', type: 'boolean', description: 'May the application run now.' },
      { name: 'code', type: 'string', description: 'Why, in one word: the table below.' },
      { name: 'message', type: 'string', description: 'The code as a sentence you can show.' },
      {
        name: 'key',
        type: 'object | null',
        description: 'The key’s information, as get-key-information returns it; null with NOT_FOUND.',
      },
      {
        name: 'missingEntitlements',
        type: 'string[]',
        description: 'Only with ENTITLEMENTS_MISSING: the names asked for that the key lacks.',
      },
    ],
    codes: [
      {
        code: 'NOT_FOUND',
        valid: 'false',
        when: 'No such key for this API key: unknown, deleted, another account’s, or another product’s for an API key restricted to one product.',
      },
      { code: 'DISABLED', valid: 'false', when: 'The key is disabled.' },
      { code: 'SUSPENDED', valid: 'false', when: 'The key is suspended (suspend-key), e.g. unpaid.' },
      {
        code: 'PRODUCT_MISMATCH',
        valid: 'false',
        when: 'product was sent and the key belongs to another product.',
      },
      {
        code: 'EXPIRED',
        valid: 'true or false',
        when: 'Past expiresAt. valid: true during the grace days, or when the key’s policy lets expired keys run; false after that.',
      },
      { code: 'TRIAL_EXPIRED', valid: 'true or false', when: 'The same for a trial key.' },
      {
        code: 'NOT_ACTIVATED',
        valid: 'false',
        when: 'fingerprint was sent and that device holds no activation of the key.',
      },
      { code: 'TOO_MANY_DEVICES', valid: 'false', when: 'The same, and the key has no free activation.' },
      {
        code: 'ENTITLEMENTS_MISSING',
        valid: 'false',
        when: 'A name in entitlements is not granted (a key grants a name it holds with any value but false).',
      },
      { code: 'VALID', valid: 'true', when: 'Everything above holds.' },
    ],
    errors: [
      {
        httpStatus: ERROR_CODES.invalid_input,
        code: 'invalid_input',
        message: `${SIGNED_REPLY_HEADERS.nonce} must be 16 to 128 letters, digits, - or _`,
        when: `The ${SIGNED_REPLY_HEADERS.nonce} header does not match ${String(NONCE_PATTERN)}, or the body breaks a rule (Key is required, …).`,
      },
    ],
    react: REACT_EXAMPLES.validateKey,
    java: JAVA_EXAMPLES.validateKey,
    curl: CURL_EXAMPLES.validateKey,
    signed: true,
    explainsSignedReplies: true,
  },
  {
    id: 'start-trial',
    operation: 'startTrial',
    title: OPERATION_NAMES.startTrial,
    path: KEY_MANAGER_PATHS.startTrial,
    description:
      'Starts a trial of your product on this device: a new key from the product’s trial policy (Key Manager → Products; a trial policy has a duration), already activated on the fingerprint (the trial policy’s max activations, one device unless it says more), ending the policy’s duration from now. Keep the key it returns: it is this device’s licence until the trial ends, when validate-key answers TRIAL_EXPIRED. One trial per device, and per email, per product, even after the trial key is deleted. A trial counts in your plan’s keys. A publishable key may call it.',
    request: [
      {
        name: 'product',
        type: 'string',
        required: true,
        description: 'Your product’s code (Key Manager → Products).',
      },
      { ...fingerprintField, required: true, description: 'This device’s id: the trial’s one activation.' },
      {
        name: 'email',
        type: 'string',
        description: 'The user’s email: one trial per email per product too. Kept as the key’s customer.',
      },
      { name: 'name', type: 'string', description: 'The user’s name, kept as the key’s customer.' },
      ...deviceFields,
    ],
    response: [...withMessage('“Trial started”.')].map((field) =>
      field.name === 'key' ? { ...field, description: 'The new trial key: store it on the device.' } : field,
    ),
    errors: [
      { ...E.trialUsed, when: 'This device, or this email, already had a trial of the product.' },
      { ...E.productNotFound, when: 'No product with that code (for this API key).' },
      { ...E.trialNotOffered, when: 'The product has no trial policy.' },
      {
        httpStatus: ERROR_CODES.conflict,
        code: 'conflict',
        message: keyLimitMessage(100),
        when: 'Your plan’s key limit is reached (with your plan’s number): trials are keys.',
      },
      {
        httpStatus: ERROR_CODES.rate_limited,
        code: 'rate_limited',
        message: 'Too many attempts, try again later',
        when: 'More than 30 trials started from one address within an hour; wait Retry-After seconds.',
      },
    ],
    react: REACT_EXAMPLES.startTrial,
    java: JAVA_EXAMPLES.startTrial,
    curl: CURL_EXAMPLES.startTrial,
  },
  {
    id: 'convert-trial',
    operation: 'convertTrial',
    title: OPERATION_NAMES.convertTrial,
    path: KEY_MANAGER_PATHS.convertTrial,
    description:
      'Makes a trial key a paid key when the payment arrives: the same key and its devices stay, and its terms become those of a standard policy of its product (the one you name, else the product’s first): activations (never fewer than the devices it holds), duration counted from now, expiry behaviour, grace, device rules, entitlements; the policy’s metadata is merged into the key’s. Needs a secret key: call it from your server.',
    request: [
      keyField,
      idField,
      {
        name: 'policyId',
        type: 'string (UUID)',
        description:
          'A standard policy of the trial’s product; default: the product’s first standard policy.',
      },
      {
        name: 'customerName',
        type: 'string',
        description: 'Sets the licensee’s name (up to 200 characters).',
      },
      { name: 'customerEmail', type: 'string', description: 'Sets the licensee’s email.' },
      {
        name: 'customerRef',
        type: 'string',
        description: 'Sets your own customer id (up to 100 characters).',
      },
    ],
    response: withMessage('“Trial converted”.'),
    errors: [
      { ...E.notATrial, when: 'The key is not a trial (or was converted already).' },
      {
        ...E.policyNotFound,
        when: 'No such standard policy of the trial’s product, or the product has none.',
      },
      invalidKey,
    ],
    react: REACT_EXAMPLES.convertTrial,
    java: JAVA_EXAMPLES.manageLicence,
    curl: CURL_EXAMPLES.convertTrial,
  },
  {
    id: 'renew-key',
    operation: 'renewKey',
    title: OPERATION_NAMES.renewKey,
    path: KEY_MANAGER_PATHS.renewKey,
    description:
      'Extends a key’s expiry when a renewal is paid: by the key’s duration (from its policy), counted from its expiry, or from now when it has already expired; or to the date you give in until. It does not lift a suspension. Needs a secret key: call it from your server.',
    request: [
      keyField,
      idField,
      {
        name: 'until',
        type: 'string (ISO 8601)',
        description: 'Sets the expiry to this moment instead, e.g. 2027-12-31T23:59:59Z.',
      },
    ],
    response: withMessage('“Key renewed”.'),
    errors: [
      {
        ...E.keyNotRenewable,
        when: 'Without until, for a key that has no duration (perpetual, or made without a policy): send until.',
      },
      invalidKey,
    ],
    react: REACT_EXAMPLES.renewKey,
    java: JAVA_EXAMPLES.manageLicence,
    curl: CURL_EXAMPLES.renewKey,
  },
  {
    id: 'suspend-key',
    operation: 'suspendKey',
    title: OPERATION_NAMES.suspendKey,
    path: KEY_MANAGER_PATHS.suspendKey,
    description:
      'Suspends a key, for example while a payment is missing, or reinstates it. A suspended key is refused like a disabled one but says why: activate-key, heartbeat and checkout-license answer key_suspended, validate-key SUSPENDED, and its keyStatus is suspended; it can still be deactivated. Needs a secret key: call it from your server.',
    request: [
      keyField,
      idField,
      {
        name: 'suspended',
        type: 'boolean',
        required: true,
        description: 'true suspends the key, false reinstates it.',
      },
    ],
    response: withMessage('“Key suspended” or “Key reinstated”.'),
    errors: [invalidKey],
    react: REACT_EXAMPLES.suspendKey,
    java: JAVA_EXAMPLES.manageLicence,
    curl: CURL_EXAMPLES.suspendKey,
  },
];
