import type { AuditAction } from '@app/contract';

/**
 * The Key Manager's and the licensee portal's audit actions in words (decision 037). The account's
 * audit trail (teams) shows every area and spreads these into its own labels; the Key Manager's
 * Audit log tab names its events with them.
 */
export const KEY_MANAGER_AUDIT_LABELS = {
  'key.created': 'Created a licence key',
  'key.changed': 'Changed a licence key',
  'key.deleted': 'Deleted a licence key',
  'keys.bulk_issued': 'Issued keys in bulk',
  'keys.imported': 'Imported keys',
  'device.released': 'Released a device',
  'device_policy.changed': 'Changed a device policy',
  'product.created': 'Created a product',
  'product.changed': 'Changed a product',
  'product.deleted': 'Deleted a product',
  'policy.created': 'Created a policy',
  'policy.changed': 'Changed a policy',
  'policy.deleted': 'Deleted a policy',
  'licensing_settings.changed': 'Changed the licensing settings',
  'signing_key.rotated': 'Rotated the signing key',
  'signing_key.retired': 'Retired a previous signing key',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'api_key.rolled': 'Rolled an API key',
  'api_key.simulated': 'Simulated a failure on an API key',
  'api_key.expired': 'A rolled API key stopped working',
  'webhook.created': 'Added a webhook endpoint',
  'webhook.changed': 'Changed a webhook endpoint',
  'webhook.deleted': 'Removed a webhook endpoint',
  'webhook.secret_rolled': 'Made a new webhook signing secret',
  'webhook.redelivered': 'Sent a webhook delivery again',
  'portal_settings.changed': 'Changed the licensee portal',
  'portal.signed_in': 'Licensee signed in to the portal',
  'portal.device_released': 'Licensee released a device',
  'portal.certificate_downloaded': 'Licensee downloaded a certificate',
} as const satisfies Partial<Record<AuditAction, string>>;

export type KeyManagerAuditAction = keyof typeof KEY_MANAGER_AUDIT_LABELS;
export const KEY_MANAGER_AUDIT_ACTIONS = Object.keys(KEY_MANAGER_AUDIT_LABELS) as KeyManagerAuditAction[];
