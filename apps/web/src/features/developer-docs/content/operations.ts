import { KEY_LIMITS, KEY_MANAGER_ERRORS, KEY_MANAGER_PATHS } from '@app/contract';
import type { CodeExample } from '../components/code-examples';
import type { FieldDoc } from '../components/field-table';
import { JAVA_EXAMPLES } from './java-examples';
import { REACT_EXAMPLES } from './react-examples';

/** One Keys sub-page of the REST documentation (spec §2 "REST documentation"). */
export interface OperationDoc {
  id: string;
  title: string;
  path: string;
  description: string;
  request: readonly FieldDoc[];
  response: readonly FieldDoc[];
  errors: readonly { httpStatus: number; message: string; when: string }[];
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
  description: `Extension: a device id (up to ${KEY_LIMITS.fingerprintMax} characters). The same device counts once.`,
};
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
    request: [keyField, idField],
    response: stateFields,
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
    path: KEY_MANAGER_PATHS.activateKey,
    description:
      'Activates the key: raises currentActivations by one. Refused when the key is at its limit or disabled; the count never passes the limit, even under concurrent calls.',
    request: [keyField, idField, fingerprintField],
    response: withMessage(
      '“Key activated”, or “Key already activated on this device” for a known fingerprint.',
    ),
    errors: [
      { ...E.activationLimit, when: 'currentActivations already equals maxActivations.' },
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
];

/** Failures every operation can answer, documented once on the Authentication tab. */
export const COMMON_ERRORS = [
  { ...E.apiKeyRequired, when: 'No Authorization header.' },
  { ...E.invalidApiKey, when: 'The API key is wrong or was revoked.' },
  { ...E.rateLimited, when: 'The plan’s calls per minute are used up; wait Retry-After seconds.' },
  {
    ...E.publishableKeyNotAllowed,
    when: 'A publishable key called enable/disable or delete: call it from your server with a secret key.',
  },
  {
    ...E.publishableKeyFingerprint,
    when: 'A publishable key called deactivate-key without a fingerprint.',
  },
  {
    httpStatus: 400,
    message: 'Key is required (or another sentence about the field named in `field`)',
    when: 'The body is missing a field or has a wrong type.',
  },
] as const;
