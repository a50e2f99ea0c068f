import {
  DEVICE_LIMITS,
  type ErrorCode,
  KEY_LIMITS,
  KEY_MANAGER_ERRORS,
  type KeyManagerPublicOperation,
  LICENSING_LIMITS,
  SIGNED_REPLY_HEADERS,
  type ValidationCode,
} from '@app/contract';
import type { CodeExample } from '../components/code-examples';
import type { FieldDoc } from '../components/field-table';

// What every operation's documentation is made of: its shape, the fields and failures several share.
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

/** One of validate-key's answers: its code, whether the app may run, and when it is given. */
export interface ValidationCodeDoc {
  code: ValidationCode;
  valid: 'true' | 'false' | 'true or false';
  when: string;
}

/** One Keys sub-page of the REST documentation (docs/product-contract.md §Screens, REST documentation). */
export interface OperationDoc {
  id: string;
  /** The contract's name of the operation: which API keys may call it comes from the contract. */
  operation: KeyManagerPublicOperation;
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
  curl: CodeExample;
  /** validate-key's one-word answers, in the order the checks run. */
  codes?: readonly ValidationCodeDoc[];
  /** Signed on request (a nonce in x-km-nonce). */
  signed?: boolean;
  /** The page that explains signed replies, below its examples (validate-key's). */
  explainsSignedReplies?: boolean;
}

export const keyField: FieldDoc = {
  name: 'key',
  type: 'string',
  required: true,
  description: `The licence key (up to ${KEY_LIMITS.keyMax} characters). Required unless id is given.`,
};
export const idField: FieldDoc = {
  name: 'id',
  type: 'string (UUID)',
  description: 'The key’s id, as shown in the dashboard; may be sent instead of key.',
};
export const fingerprintField: FieldDoc = {
  name: 'fingerprint',
  type: 'string',
  description: `Extension: a device id (up to ${KEY_LIMITS.fingerprintMax} characters). The same device counts once, so retrying is safe; the device appears in your dashboard.`,
};
export const deviceFields: readonly FieldDoc[] = [
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
/** A key's information (decision 032 adds everything after isActive); `status` is the reply's own. */
export const keyFields: readonly FieldDoc[] = [
  { name: 'id', type: 'string', description: 'The key’s id.' },
  { name: 'key', type: 'string', description: 'The licence key.' },
  { name: 'maxActivations', type: 'number', description: 'Activation limit; 0 means unlimited.' },
  { name: 'currentActivations', type: 'number', description: 'Activations in use.' },
  { name: 'isActive', type: 'boolean', description: 'false: the key cannot be activated or deactivated.' },
  {
    name: 'keyStatus',
    type: 'string',
    description:
      'The key’s state now, the most serious that applies: disabled, suspended (e.g. unpaid), expired, trial or active. (status is the reply’s own “ok”.)',
  },
  {
    name: 'expiresAt',
    type: 'string | null',
    description:
      'When the licence ends (ISO 8601). null: perpetual, or its clock starts at the first activation and has not started yet.',
  },
  {
    name: 'product',
    type: 'string',
    description: 'The code of the key’s product (default when none was named).',
  },
  { name: 'trial', type: 'boolean', description: 'A trial key (start-trial).' },
  {
    name: 'entitlements',
    type: 'object',
    description:
      'What the key unlocks, e.g. { "pro": true, "seats": 5 }: copied into its offline licences too.',
  },
  {
    name: 'metadata',
    type: 'object',
    description: `Your own JSON about the key (up to ${LICENSING_LIMITS.metadataBytes} bytes), set in the dashboard or from its policy.`,
  },
  {
    name: 'customer',
    type: 'object',
    description:
      'Only in replies to a secret key: the licensee, { name, email, ref } (each null when not set). A publishable key never sees it.',
  },
];
export const stateFields: readonly FieldDoc[] = [
  { name: 'status', type: "'ok'", description: 'Success.' },
  ...keyFields,
];
export const withMessage = (message: string): readonly FieldDoc[] => [
  stateFields[0]!,
  { name: 'message', type: 'string', description: message },
  ...stateFields.slice(1),
];

export const E = KEY_MANAGER_ERRORS;
export const invalidKey = {
  ...E.invalidKey,
  when: 'The key does not exist, was deleted or belongs to another account (or, for an API key restricted to one product, to another product).',
};
export const disabled = {
  ...E.keyDisabled,
  when: 'The key was disabled (mark-key-as-active with isActive false).',
};
export const suspended = {
  ...E.keySuspended,
  when: 'The key is suspended (suspend-key): reinstate it to use it again.',
};
export const expired = {
  ...E.keyExpired,
  when: 'The key is past its expiry and grace days, and its policy refuses expired keys: renew it (renew-key).',
};
export const trialExpired = {
  ...E.trialExpired,
  when: 'The same for a trial key: the trial has ended (convert-trial).',
};
export const signedNote = (where: string) =>
  `Send ${SIGNED_REPLY_HEADERS.nonce} to get this reply signed (${where}).`;
