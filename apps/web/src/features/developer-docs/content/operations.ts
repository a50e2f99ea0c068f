import { ERROR_CODES, GRACE_DAYS, KEY_MANAGER_PATHS } from '@app/contract';
import { CURL_EXAMPLES } from './curl-examples';
import { JAVA_EXAMPLES } from './java-examples';
import { LICENSING_OPERATIONS } from './licensing-operations';
import {
  deviceFields,
  disabled,
  E,
  expired,
  fingerprintField,
  idField,
  invalidKey,
  keyField,
  keyFields,
  type OperationDoc,
  signedNote,
  stateFields,
  suspended,
  trialExpired,
  withMessage,
} from './operation-doc';
import {
  listInWords,
  OPERATION_NAMES,
  PUBLISHABLE_OPERATION_NAMES,
  SECRET_ONLY_OPERATION_NAMES,
} from './operation-names';
import { REACT_EXAMPLES } from './react-examples';
import { USAGE_OPERATIONS, usageReportFieldDocs } from './usage-operations';

export { type ErrorDoc, type OperationDoc, operationLabel, type ValidationCodeDoc } from './operation-doc';

const DOCUMENTED: readonly OperationDoc[] = [
  {
    id: 'get-key-information',
    operation: 'getKeyInformation',
    title: 'Get key information',
    path: KEY_MANAGER_PATHS.getKeyInformation,
    description: `Returns a licence key’s id, its activation limit and count, whether it is usable, and where the licence stands: its status, expiry, product, entitlements and metadata. To decide whether your application may run, validate-key answers in one call. ${signedNote('as validate-key’s: its page explains signed replies')}`,
    request: [
      keyField,
      idField,
      {
        name: 'includeDevices',
        type: 'boolean',
        description:
          'Extension: also list the key’s devices (up to 100, most recently seen first). With a publishable key their fingerprints and addresses are left out.',
      },
    ],
    response: [
      ...stateFields,
      {
        name: 'devices',
        type: 'array',
        description:
          'Only with includeDevices: id, fingerprint, name, platform, firstSeenAt, lastSeenAt, ip, userAgent, leaseExpiresAt.',
      },
    ],
    errors: [invalidKey],
    react: REACT_EXAMPLES.getKeyInformation,
    java: JAVA_EXAMPLES.getKeyInformation,
    curl: CURL_EXAMPLES.getKeyInformation,
    signed: true,
  },
  {
    id: 'delete-key',
    operation: 'deleteKey',
    title: 'Delete key',
    path: KEY_MANAGER_PATHS.deleteKey,
    description:
      'Deletes a licence key for good. Every later call with it, including get-key-information, fails with “Invalid Key Provided”.',
    request: [keyField, idField],
    response: [
      { name: 'status', type: "'ok'", description: 'Success.' },
      { name: 'message', type: 'string', description: '“Key deleted”.' },
    ],
    errors: [invalidKey],
    react: REACT_EXAMPLES.deleteKey,
    java: JAVA_EXAMPLES.deleteKey,
    curl: CURL_EXAMPLES.deleteKey,
  },
  {
    id: 'update-activation-count',
    operation: 'activateKey',
    title: 'Update activation count',
    plainName: OPERATION_NAMES.activateKey,
    path: KEY_MANAGER_PATHS.activateKey,
    description:
      'Activates the key: raises currentActivations by one. Refused when the key is at its limit, disabled, suspended or past its expiry (and grace, under a policy that refuses expired keys); the count never passes the limit, even under concurrent calls. With a fingerprint the activation is a device, and at the limit a key that allows self-serve transfers releases its least recently seen idle device instead (a reinstall gets back in without asking you). A key whose policy starts its clock at the first activation gets its expiry then.',
    request: [keyField, idField, fingerprintField, ...deviceFields],
    response: [
      ...withMessage(
        '“Key activated”, “Key already activated on this device” for a known fingerprint, or the transfer message when an idle device was released to make room.',
      ),
      {
        name: 'transfer',
        type: 'object',
        description: 'Only after a self-serve transfer: releasedDeviceId, transfersUsed, transfersPer30Days.',
      },
    ],
    errors: [
      {
        ...E.activationLimit,
        when: 'currentActivations already equals maxActivations. When the key allows transfers but none is possible yet, the message goes on to say from when, and nextTransferAt (ISO 8601) holds the moment.',
      },
      disabled,
      suspended,
      expired,
      trialExpired,
      invalidKey,
    ],
    react: REACT_EXAMPLES.activate,
    java: JAVA_EXAMPLES.activate,
    curl: CURL_EXAMPLES.activate,
  },
  {
    id: 'deactivate-key',
    operation: 'deactivateKey',
    title: 'Deactivate key',
    path: KEY_MANAGER_PATHS.deactivateKey,
    description:
      'Deactivates the key: lowers currentActivations by one, for example when your application is uninstalled. A suspended or expired key may still be deactivated: a device can always give its slot back. Note the path: deactivate-key (an earlier version of this page wrongly showed the activate path).',
    request: [
      keyField,
      idField,
      { ...fingerprintField, description: 'Extension: frees this device’s activation.' },
    ],
    response: withMessage('“Key deactivated”.'),
    errors: [
      { ...E.noActivations, when: 'currentActivations is already 0.' },
      { ...E.fingerprintNotActivated, when: 'The fingerprint given was never activated.' },
      disabled,
      invalidKey,
    ],
    react: REACT_EXAMPLES.deactivate,
    java: JAVA_EXAMPLES.deactivate,
    curl: CURL_EXAMPLES.deactivate,
  },
  {
    id: 'mark-key-as-usable',
    operation: 'markKeyAsActive',
    title: 'Mark key as usable',
    plainName: OPERATION_NAMES.markKeyAsActive,
    path: KEY_MANAGER_PATHS.markKeyAsActive,
    description:
      'Enables (isActive true) or disables (isActive false) a key. A disabled key refuses activation and deactivation; its information stays readable. To stop a key while a payment is missing, suspend-key says so to the app (SUSPENDED) instead of “disabled”.',
    request: [
      keyField,
      idField,
      {
        name: 'isActive',
        type: 'boolean',
        required: true,
        description: 'true enables the key, false disables it. isActivated is accepted as a synonym.',
      },
    ],
    response: withMessage('“Key enabled” or “Key disabled”.'),
    errors: [invalidKey],
    react: REACT_EXAMPLES.markKeyAsUsable,
    java: JAVA_EXAMPLES.enable,
    curl: CURL_EXAMPLES.markKeyAsUsable,
  },
  {
    id: 'heartbeat',
    operation: 'heartbeat',
    title: 'Heartbeat',
    path: KEY_MANAGER_PATHS.heartbeat,
    description:
      'Extension: tells the server this device still runs. When the key has a lease (set in the dashboard), a device that sends no heartbeat within it loses its slot, so slots of dead laptops come back by themselves: the slot is free as soon as the lease expires, and the next activation of the key reclaims it. Beat every third of the lease; a publishable key may call it. The SDKs do it in the background (startHeartbeat, Heartbeat.start). validate-key with a fingerprint counts as a heartbeat too.',
    request: [
      keyField,
      idField,
      { ...fingerprintField, required: true, description: 'The fingerprint the device was activated with.' },
    ],
    response: [
      { name: 'status', type: "'ok'", description: 'Success.' },
      { name: 'message', type: 'string', description: '“Heartbeat recorded”.' },
      ...keyFields,
      { name: 'leaseSeconds', type: 'number', description: 'The key’s lease; 0 means permanent.' },
      {
        name: 'leaseExpiresAt',
        type: 'string | null',
        description: 'When this device’s slot is released without another heartbeat; null when permanent.',
      },
    ],
    errors: [
      {
        ...E.fingerprintNotActivated,
        when: 'The device’s slot is gone: released from the dashboard, taken by a transfer, or its lease lapsed. Activate again.',
      },
      disabled,
      suspended,
      expired,
      trialExpired,
      invalidKey,
    ],
    react: REACT_EXAMPLES.heartbeat,
    java: JAVA_EXAMPLES.heartbeat,
    curl: CURL_EXAMPLES.heartbeat,
  },
  ...LICENSING_OPERATIONS,
  ...USAGE_OPERATIONS,
];

export const OPERATIONS: readonly OperationDoc[] = DOCUMENTED.map(withUsageReportFields);

/** appVersion and platform on every operation's request (decision 037), once each. */
function withUsageReportFields(doc: OperationDoc): OperationDoc {
  const named = new Set(doc.request.map((field) => field.name));
  if (doc.operation === 'getUsage') return doc;
  return {
    ...doc,
    request: [...doc.request, ...usageReportFieldDocs.filter((field) => !named.has(field.name))],
  };
}

/** Failures every operation can answer, documented once on the Authentication tab. */
export const COMMON_ERRORS = [
  { ...E.apiKeyRequired, when: 'No Authorization header.' },
  { ...E.invalidApiKey, when: 'The API key is wrong or was revoked.' },
  {
    ...E.apiKeyExpired,
    when: 'The API key was rolled and its overlap ended (the message says when): use the key that replaced it.',
  },
  {
    ...E.paymentRequired,
    when: `The API key owner’s Key Manager plan is suspended for late payment (${GRACE_DAYS} days after its renewal was due). Every call answers this until the renewal is paid.`,
  },
  {
    ...E.noPlan,
    when: 'The API key owner has no Key Manager plan: it ended or was never activated.',
  },
  { ...E.rateLimited, when: 'The plan’s calls per minute are used up; wait Retry-After seconds.' },
  {
    ...E.publishableKeyNotAllowed,
    when: `A publishable key called ${listInWords(SECRET_ONLY_OPERATION_NAMES).toLowerCase()}: call it from your server with a secret key. A publishable key may call: ${listInWords(PUBLISHABLE_OPERATION_NAMES).toLowerCase()}.`,
  },
  {
    ...E.publishableKeyFingerprint,
    when: 'A publishable key called activate-key or deactivate-key without a fingerprint.',
  },
  {
    httpStatus: ERROR_CODES.invalid_input,
    code: 'invalid_input',
    message: 'Key is required (or another sentence about the field named in `field`)',
    when: 'The body is missing a field or has a wrong type.',
  },
] as const;
