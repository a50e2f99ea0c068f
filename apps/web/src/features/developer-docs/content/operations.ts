import {
  DEVICE_LIMITS,
  ERROR_CODES,
  type ErrorCode,
  GRACE_DAYS,
  KEY_LIMITS,
  KEY_MANAGER_ERRORS,
  KEY_MANAGER_PATHS,
} from '@app/contract';
import type { CodeExample } from '../components/code-examples';
import type { FieldDoc } from '../components/field-table';
import { JAVA_EXAMPLES } from './java-examples';
import {
  listInWords,
  OPERATION_NAMES,
  PUBLISHABLE_OPERATION_NAMES,
  SECRET_ONLY_OPERATION_NAMES,
} from './operation-names';
import { REACT_EXAMPLES } from './react-examples';

/** A sub-page's name as the menu and its heading show it: the spec's name, and the plain one beside it. */
export function operationLabel(operation: Pick<OperationDoc, 'title' | 'plainName'>): string {
  return operation.plainName ? `${operation.title} (${operation.plainName})` : operation.title;
}

/** One row of a failure table: the reply's status, `code` (what programs match) and `message`. */
export interface ErrorDoc {
  httpStatus: number;
  code: ErrorCode;
  message: string;
  when: string;
}

/** One Keys sub-page of the REST documentation (docs/product-contract.md §Screens, REST documentation). */
export interface OperationDoc {
  id: string;
  /** The page's name in the spec (kept, with its `id`, so existing links work). */
  title: string;
  /** What the operation does in plain words, shown beside a spec name that says it less plainly. */
  plainName?: string;
  path: string;
  description: string;
  request: readonly FieldDoc[];
  response: readonly FieldDoc[];
  errors: readonly ErrorDoc[];
  react: CodeExample;
  java: CodeExample;
}

const keyField: FieldDoc = {
  name: 'key',
  type: 'string',
  required: true,
  description: `The licence key (up to ${KEY_LIMITS.keyMax} characters). Required unless id is given.`,
};
const idField: FieldDoc = {
  name: 'id',
  type: 'string (UUID)',
  description: 'The key’s id, as shown in the dashboard; may be sent instead of key.',
};
const fingerprintField: FieldDoc = {
  name: 'fingerprint',
  type: 'string',
  description: `Extension: a device id (up to ${KEY_LIMITS.fingerprintMax} characters). The same device counts once, so retrying is safe; the device appears in your dashboard.`,
};
const deviceFields: readonly FieldDoc[] = [
  {
    name: 'deviceName',
    type: 'string',
    description: `Extension: a name you recognise in the dashboard (up to ${DEVICE_LIMITS.deviceNameMax} characters).`,
  },
  {
    name: 'platform',
    type: 'string',
    description: `Extension: the device’s platform, e.g. windows (up to ${DEVICE_LIMITS.platformMax} characters).`,
  },
];
const stateFields: readonly FieldDoc[] = [
  { name: 'status', type: "'ok'", description: 'Success.' },
  { name: 'id', type: 'string', description: 'The key’s id.' },
  { name: 'key', type: 'string', description: 'The licence key.' },
  { name: 'maxActivations', type: 'number', description: 'Activation limit; 0 means unlimited.' },
  { name: 'currentActivations', type: 'number', description: 'Activations in use.' },
  { name: 'isActive', type: 'boolean', description: 'false: the key cannot be activated or deactivated.' },
];
const withMessage = (message: string): readonly FieldDoc[] => [
  stateFields[0]!,
  { name: 'message', type: 'string', description: message },
  ...stateFields.slice(1),
];

const E = KEY_MANAGER_ERRORS;
const invalidKey = {
  ...E.invalidKey,
  when: 'The key does not exist, was deleted or belongs to another account.',
};
const disabled = { ...E.keyDisabled, when: 'The key was disabled (mark-key-as-active with isActive false).' };

export const OPERATIONS: readonly OperationDoc[] = [
  {
    id: 'get-key-information',
    title: 'Get key information',
    path: KEY_MANAGER_PATHS.getKeyInformation,
    description:
      'Returns a licence key’s id, its activation limit and count, and whether it is usable. Call it when your application starts to decide whether to run.',
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
  },
  {
    id: 'delete-key',
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
  },
  {
    id: 'update-activation-count',
    title: 'Update activation count',
    plainName: OPERATION_NAMES.activateKey,
    path: KEY_MANAGER_PATHS.activateKey,
    description:
      'Activates the key: raises currentActivations by one. Refused when the key is at its limit or disabled; the count never passes the limit, even under concurrent calls. With a fingerprint the activation is a device, and at the limit a key that allows self-serve transfers releases its least recently seen idle device instead (a reinstall gets back in without asking you).',
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
      invalidKey,
    ],
    react: REACT_EXAMPLES.activate,
    java: JAVA_EXAMPLES.activate,
  },
  {
    id: 'deactivate-key',
    title: 'Deactivate key',
    path: KEY_MANAGER_PATHS.deactivateKey,
    description:
      'Deactivates the key: lowers currentActivations by one, for example when your application is uninstalled. Note the path: deactivate-key (an earlier version of this page wrongly showed the activate path).',
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
  },
  {
    id: 'mark-key-as-usable',
    title: 'Mark key as usable',
    plainName: OPERATION_NAMES.markKeyAsActive,
    path: KEY_MANAGER_PATHS.markKeyAsActive,
    description:
      'Enables (isActive true) or disables (isActive false) a key, for example while a client has not paid. A disabled key refuses activation and deactivation; its information stays readable.',
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
  },
  {
    id: 'heartbeat',
    title: 'Heartbeat',
    path: KEY_MANAGER_PATHS.heartbeat,
    description:
      'Extension: tells the server this device still runs. When the key has a lease (set in the dashboard), a device that sends no heartbeat within it loses its slot, so slots of dead laptops come back by themselves: the slot is free as soon as the lease expires, and the next activation of the key reclaims it. Beat every third of the lease; a publishable key may call it. The SDKs do it in the background (startHeartbeat, Heartbeat.start).',
    request: [
      keyField,
      idField,
      { ...fingerprintField, required: true, description: 'The fingerprint the device was activated with.' },
    ],
    response: [
      ...withMessage('“Heartbeat recorded”.'),
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
      invalidKey,
    ],
    react: REACT_EXAMPLES.heartbeat,
    java: JAVA_EXAMPLES.heartbeat,
  },
];

/** Failures every operation can answer, documented once on the Authentication tab. */
export const COMMON_ERRORS = [
  { ...E.apiKeyRequired, when: 'No Authorization header.' },
  { ...E.invalidApiKey, when: 'The API key is wrong or was revoked.' },
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
