import {
  type KeyManagerPublicOperation,
  PUBLISHABLE_KEY_FINGERPRINT_OPERATIONS,
  PUBLISHABLE_KEY_OPERATIONS,
} from '@app/contract';

/**
 * What each public REST operation does, in plain words. A `Record` over the contract's operations, so
 * an operation added there cannot be left out of the docs.
 */
export const OPERATION_NAMES: Readonly<Record<KeyManagerPublicOperation, string>> = {
  getKeyInformation: 'Get key information',
  activateKey: 'Activate key',
  deactivateKey: 'Deactivate key',
  markKeyAsActive: 'Enable or disable key',
  deleteKey: 'Delete key',
  heartbeat: 'Heartbeat',
  checkoutLicense: 'Check out an offline licence',
  validateKey: 'Validate key',
  startTrial: 'Start a trial',
  convertTrial: 'Convert a trial',
  renewKey: 'Renew key',
  suspendKey: 'Suspend or reinstate key',
  getUsage: 'Usage counts',
};

/**
 * The operations a publishable key may call, in words, read from `PUBLISHABLE_KEY_OPERATIONS` (the list
 * the server's guard enforces) and `PUBLISHABLE_KEY_FINGERPRINT_OPERATIONS`, so the docs cannot
 * disagree with the server.
 */
export const PUBLISHABLE_OPERATION_NAMES: readonly string[] = PUBLISHABLE_KEY_OPERATIONS.map((operation) =>
  PUBLISHABLE_KEY_FINGERPRINT_OPERATIONS.includes(operation)
    ? `${OPERATION_NAMES[operation]} (a device, by its fingerprint)`
    : OPERATION_NAMES[operation],
);

/** The operations only a secret key may call. */
export const SECRET_ONLY_OPERATION_NAMES: readonly string[] = (
  Object.keys(OPERATION_NAMES) as KeyManagerPublicOperation[]
)
  .filter((operation) => !PUBLISHABLE_KEY_OPERATIONS.includes(operation))
  .map((operation) => OPERATION_NAMES[operation]);

/** "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
