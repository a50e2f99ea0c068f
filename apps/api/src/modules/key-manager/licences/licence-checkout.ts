import {
  type Entitlements,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  INVALID_KEY_MESSAGE,
  KEY_DISABLED_MESSAGE,
  LICENSE_FORMAT_VERSION,
  type LicensePayload,
} from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { licenceKeys } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { conflict, notFound } from '../../../platform/http/errors.js';
import type { KeyRef } from '../key-operations.js';
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
 * an activation that works offline, never a way around the activation limit.
 */
export class LicenceCheckout {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly signingKeys: SigningKeys,
  ) {}

  async checkout(
    ownerId: string,
    request: CheckoutRequest,
  ): Promise<{ certificate: string; license: LicensePayload }> {
    const { ref, fingerprint } = request;
    const [row] = await this.db
      .select({
        id: licenceKeys.id,
        key: licenceKeys.key,
        maxActivations: licenceKeys.maxActivations,
        isActive: licenceKeys.isActive,
        entitlements: licenceKeys.entitlements,
        // Qualified by hand: inside the subquery a bare "id" would name the device row's own id.
        deviceActivated: sql<boolean>`exists (select 1 from licence_key_devices d
          where d.key_id = "licence_keys"."id" and d.fingerprint = ${fingerprint})`,
      })
      .from(licenceKeys)
      .where(
        and(
          ref.key !== undefined ? eq(licenceKeys.key, ref.key) : eq(licenceKeys.id, ref.id ?? ''),
          eq(licenceKeys.ownerId, ownerId),
        ),
      )
      .limit(1);
    if (!row) throw notFound(INVALID_KEY_MESSAGE);
    if (!row.isActive) throw conflict(KEY_DISABLED_MESSAGE);
    if (!row.deviceActivated) throw conflict(FINGERPRINT_NOT_ACTIVATED_MESSAGE, 'fingerprint');
    const signer = await this.signingKeys.currentSigner(ownerId);
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const license: LicensePayload = {
      v: LICENSE_FORMAT_VERSION,
      signingKeyId: signer.id,
      keyId: row.id,
      key: row.key,
      fingerprint,
      maxActivations: row.maxActivations,
      issuedAt,
      expiresAt: issuedAt + request.ttlSeconds,
      entitlements: row.entitlements as Entitlements,
    };
    return { certificate: signCertificate(license, signer.privateKey), license };
  }
}
