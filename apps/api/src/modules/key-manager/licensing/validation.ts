import {
  type PublicKeyInformation,
  VALIDATION_CODES,
  type ValidateKeyResponse,
  type ValidationCode,
} from '@app/contract';
import type { CallContext, KeyRef } from '../call-context.js';
import type { Devices } from '../devices/devices.js';
import type { KeyOperations } from '../key-operations.js';
import {
  expiryRefuses,
  isExpired,
  type KeyAudience,
  type KeyRecord,
  publicInformation,
} from './key-record.js';

export interface ValidationAsk {
  fingerprint?: string | undefined;
  product?: string | undefined;
  entitlements?: string[] | undefined;
}

/**
 * validate-key (decision 032): may the app run now, in one reply. Checks in this order, the first
 * that fails naming the code: the key exists (for this API key), is enabled, not suspended, belongs
 * to the product asked, has not expired past grace under a refusing policy, holds this device (the
 * check is the device's heartbeat), and has the entitlements asked. An expired key that may still run
 * answers valid with EXPIRED (or TRIAL_EXPIRED).
 */
export class KeyValidation {
  constructor(
    private readonly operations: KeyOperations,
    private readonly devices: Devices,
    private readonly now: () => Date,
  ) {}

  async validate(
    ref: KeyRef,
    ctx: CallContext,
    ask: ValidationAsk,
    audience: KeyAudience,
  ): Promise<Omit<ValidateKeyResponse, 'status'>> {
    const record = await this.operations.find(ref, ctx.ownerId, ctx.productId);
    if (!record) return answer('NOT_FOUND', null);
    const nowMs = this.now().getTime();
    const info = publicInformation(record, nowMs, audience);
    const refused = (code: ValidationCode) => answer(code, info);
    if (!record.isActive) return refused('DISABLED');
    if (record.suspended) return refused('SUSPENDED');
    if (ask.product !== undefined && ask.product !== record.product) return refused('PRODUCT_MISMATCH');
    if (expiryRefuses(record, nowMs)) return refused(record.trial ? 'TRIAL_EXPIRED' : 'EXPIRED');
    if (ask.fingerprint !== undefined) {
      const seen = await this.devices.markSeen(ref, ask.fingerprint, ctx);
      if (!seen) return this.notHeld(record, ctx, audience, nowMs);
    }
    const missing = (ask.entitlements ?? []).filter((name) => !granted(record, name));
    if (missing.length > 0) return { ...refused('ENTITLEMENTS_MISSING'), missingEntitlements: missing };
    if (isExpired(record, nowMs)) {
      return { ...answer(record.trial ? 'TRIAL_EXPIRED' : 'EXPIRED', info), valid: true };
    }
    return { ...answer('VALID', info), valid: true };
  }

  /**
   * The key does not hold this device: NOT_ACTIVATED, or TOO_MANY_DEVICES when no slot is free. A
   * slot whose lease lapsed is free (leases at read time, decision 023: the next activation takes
   * it), so at the limit the lapsed devices give their slots back first, as a refused heartbeat's do.
   */
  private async notHeld(record: KeyRecord, ctx: CallContext, audience: KeyAudience, nowMs: number) {
    let current = record;
    if (atLimit(record) && (await this.devices.reclaimLapsed(ctx.ownerId, { id: record.id }))) {
      current = (await this.operations.find({ id: record.id }, ctx.ownerId, ctx.productId)) ?? record;
    }
    const info = publicInformation(current, nowMs, audience);
    return answer(atLimit(current) ? 'TOO_MANY_DEVICES' : 'NOT_ACTIVATED', info);
  }
}

function answer(code: ValidationCode, key: PublicKeyInformation | null) {
  return { valid: false, code, message: VALIDATION_CODES[code], key };
}

const atLimit = (record: KeyRecord) =>
  record.maxActivations > 0 && record.currentActivations >= record.maxActivations;

/** An entitlement is granted when the key names it with any value but `false`. */
const granted = (record: KeyRecord, name: string) =>
  Object.hasOwn(record.entitlements, name) && record.entitlements[name] !== false;
