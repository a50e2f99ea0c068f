import type { KeyRecord } from './key-record.js';

/** A key record for unit tests: an active, perpetual key of the default product, with `overrides`. */
export function keyRecordFixture(overrides: Partial<KeyRecord> = {}): KeyRecord {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    key: 'KEY-1',
    maxActivations: 3,
    currentActivations: 0,
    isActive: true,
    productId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    product: 'default',
    expiresAt: null,
    expiresAtMs: null,
    expiryBehaviour: 'refuse',
    graceDays: 0,
    suspended: false,
    trial: false,
    entitlements: {},
    metadata: {},
    customer: { name: null, email: null, ref: null },
    ...overrides,
  };
}
