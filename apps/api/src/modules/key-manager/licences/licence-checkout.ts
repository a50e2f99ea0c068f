import { type Entitlements, LICENSE_FORMAT_VERSION, type LicensePayload } from '@app/contract';
import type { Clock } from '../../../platform/clock.js';
import type { CallContext, KeyRef } from '../call-context.js';
import type { Devices } from '../devices/devices.js';
import { type KeyRecord, toKeyRecord } from '../licensing/key-record.js';
import { signCertificate } from './certificate.js';
import type { SigningKeys } from './signing-keys.js';

export interface CheckoutRequest {
  ref: KeyRef;
  fingerprint: string;
  ttlSeconds: number;
}

/**
 * `checkout-license` (decision 024): a certificate for one device of an enabled key. The device
 * must hold an activation (activate first, with the same fingerprint): a certificate is a copy of
 * an activation that works offline, never a way around the activation limit. A checkout is also the
 * device's heartbeat (decision 023): the same UPDATE marks it seen, so its lease starts again.
 */
export class LicenceCheckout {
  constructor(
    private readonly clock: Clock,
    private readonly signingKeys: SigningKeys,
    private readonly devices: Devices,
  ) {}

  async checkout(
    ctx: CallContext,
    request: CheckoutRequest,
  ): Promise<{ certificate: string; license: LicensePayload }> {
    const { ref, fingerprint } = request;
    const ownerId = ctx.ownerId;
    const row = await this.devices.markSeen(ref, fingerprint, ctx);
    if (!row) throw await this.devices.notSeen(ref, ctx, 'fingerprint');
    const signer = await this.signingKeys.currentSigner(ownerId);
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const license: LicensePayload = {
      v: LICENSE_FORMAT_VERSION,
      signingKeyId: signer.id,
      keyId: row.id,
      key: row.key,
      fingerprint,
      maxActivations: Number(row.max_activations),
      issuedAt,
      expiresAt: certificateEnd(issuedAt + request.ttlSeconds, toKeyRecord(row)),
      entitlements: row.entitlements as Entitlements,
    };
    return { certificate: signCertificate(license, signer.privateKey), license };
  }
}

/**
 * A certificate never outlives its key (decision 032): under a refusing policy it ends when the key
 * stops working (expiry plus grace); a key that runs on after expiry keeps the asked lifetime.
 */
function certificateEnd(asked: number, key: KeyRecord): number {
  if (key.expiresAtMs === null || key.expiryBehaviour === 'allow') return asked;
  const keyEnd = Math.floor((key.expiresAtMs + key.graceDays * 86_400_000) / 1000);
  return Math.min(asked, keyEnd);
}
