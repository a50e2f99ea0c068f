import { type Entitlements, LICENSE_FORMAT_VERSION, type LicensePayload } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { Clock } from '../../../platform/clock.js';
import { refusal } from '../../../platform/http/errors.js';
import type { CallContext, KeyRef } from '../call-context.js';
import { KEY_COLUMNS, type KeyRow } from '../devices/device-sql.js';
import type { Devices } from '../devices/devices.js';
import { type KeyRecord, toKeyRecord, usageRefusal } from '../licensing/key-record.js';
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
    private readonly db: Db,
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
    return this.sign(ownerId, row, fingerprint, request.ttlSeconds);
  }

  /**
   * The licensee portal's download (decision 036): a certificate for a device the key holds, named by
   * its id. Unlike a checkout it is not the device's heartbeat (the browser asking is not the
   * device), and the key's history records it (`certificate`) with the licensee as its actor. Null
   * when the key (of this owner) does not hold that device; 409 when the key may not be used now.
   */
  async forDevice(
    ctx: CallContext,
    keyId: string,
    deviceId: string,
    ttlSeconds: number,
  ): Promise<{ certificate: string; license: LicensePayload } | null> {
    const [row] = await rawRows<KeyRow & { device_fingerprint: string }>(
      this.db,
      sql`select ${KEY_COLUMNS}, d.fingerprint as device_fingerprint
          from licence_keys k join licence_key_devices d on d.key_id = k.id
          where k.id = ${keyId}::uuid and k.owner_id = ${ctx.ownerId}::uuid and d.id = ${deviceId}::uuid`,
    );
    if (!row) return null;
    const unusable = usageRefusal(toKeyRecord(row), this.clock.now().getTime());
    if (unusable) throw refusal(unusable);
    const issued = await this.sign(ctx.ownerId, row, row.device_fingerprint, ttlSeconds);
    await this.db.execute(
      sql`insert into key_events
            (owner_id, key_id, action, delta, ip, user_agent, actor_name, actor_kind, created_at)
          values (${ctx.ownerId}::uuid, ${row.id}::uuid, 'certificate', 0, ${ctx.ip}, ${ctx.userAgent},
            ${ctx.actorName ?? null}, ${ctx.licensee ? 'licensee' : null},
            ${this.clock.now().toISOString()}::timestamptz)`,
    );
    return issued;
  }

  private async sign(ownerId: string, row: KeyRow, fingerprint: string, ttlSeconds: number) {
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
      expiresAt: certificateEnd(issuedAt + ttlSeconds, toKeyRecord(row)),
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
