import { createPrivateKey, type KeyObject } from 'node:crypto';
import {
  LICENSE_SIGNING_UNAVAILABLE_MESSAGE,
  SIGNING_KEY_BUSY_MESSAGE,
  SIGNING_KEY_CURRENT_MESSAGE,
  SIGNING_KEY_LIMIT,
  SIGNING_KEY_LIMIT_MESSAGE,
  SIGNING_KEY_NOT_FOUND_MESSAGE,
  type SigningKey,
} from '@app/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { type LicenceSigningKeyRow, licenceSigningKeys } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, conflict, notFound } from '../../../platform/http/errors.js';
import type { SecretBox } from '../../../platform/secrets/secret-box.js';
import { generateSigningPair, publicKeyPem, signingKeyId } from './certificate.js';

export interface CurrentSigner {
  id: string;
  privateKey: KeyObject;
}

/** PostgreSQL's unique_violation: another request created or rotated the current key first. */
const isUniqueViolation = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
};

/**
 * The owners' Ed25519 signing keys (decision 024). One current key per owner signs; rotated keys
 * stay listed (their public halves keep verifying) until retired, which deletes them. Private keys
 * are sealed with the server's licence secret key and opened only to sign, never returned.
 */
export class SigningKeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Resolved on first use (the secret may be generated into DATA_DIR). */
    private readonly box: () => Promise<SecretBox>,
  ) {}

  /** The key that signs now, created on the owner's first use. */
  async currentSigner(ownerId: string): Promise<CurrentSigner> {
    const row = await this.current(ownerId);
    const box = await this.box();
    try {
      const der = Buffer.from(box.open(row.privateKeySealed, sealedFor(row)), 'base64');
      return { id: row.id, privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) };
    } catch {
      // Sealed with other key material (LICENSE_SECRET_KEY changed, or another instance's DATA_DIR).
      throw new AppError(503, LICENSE_SIGNING_UNAVAILABLE_MESSAGE);
    }
  }

  /** Current first, then previous keys newest first; creates the first key when there is none. */
  async list(ownerId: string): Promise<SigningKey[]> {
    await this.current(ownerId);
    const rows = await this.db
      .select()
      .from(licenceSigningKeys)
      .where(eq(licenceSigningKeys.ownerId, ownerId))
      .orderBy(
        sql`${licenceSigningKeys.rotatedAt} is not null`,
        desc(licenceSigningKeys.createdAt),
        asc(licenceSigningKeys.id),
      );
    return rows.map(toSigningKey);
  }

  /** A new current key; the old one only verifies from now on. */
  async rotate(ownerId: string): Promise<SigningKey[]> {
    const [held] = await this.db
      .select({ n: count() })
      .from(licenceSigningKeys)
      .where(eq(licenceSigningKeys.ownerId, ownerId));
    if ((held?.n ?? 0) >= SIGNING_KEY_LIMIT) throw conflict(SIGNING_KEY_LIMIT_MESSAGE);
    const fresh = await this.sealNew(ownerId);
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(licenceSigningKeys)
          .set({ rotatedAt: this.clock.now() })
          .where(and(eq(licenceSigningKeys.ownerId, ownerId), isNull(licenceSigningKeys.rotatedAt)));
        await tx.insert(licenceSigningKeys).values(fresh);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(SIGNING_KEY_BUSY_MESSAGE);
      throw error;
    }
    return this.list(ownerId);
  }

  /** Deletes a previous key (private half included); the current key must be rotated first. */
  async retire(ownerId: string, id: string): Promise<void> {
    const [row] = await this.db
      .select({ rotatedAt: licenceSigningKeys.rotatedAt })
      .from(licenceSigningKeys)
      .where(and(eq(licenceSigningKeys.id, id), eq(licenceSigningKeys.ownerId, ownerId)));
    if (!row) throw notFound(SIGNING_KEY_NOT_FOUND_MESSAGE);
    if (!row.rotatedAt) throw conflict(SIGNING_KEY_CURRENT_MESSAGE);
    await this.db
      .delete(licenceSigningKeys)
      .where(
        and(
          eq(licenceSigningKeys.id, id),
          eq(licenceSigningKeys.ownerId, ownerId),
          sql`${licenceSigningKeys.rotatedAt} is not null`,
        ),
      );
  }

  private async current(ownerId: string): Promise<LicenceSigningKeyRow> {
    const found = await this.findCurrent(ownerId);
    if (found) return found;
    // First use. Two first calls at once: the partial unique index keeps one, both read it back.
    await this.db
      .insert(licenceSigningKeys)
      .values(await this.sealNew(ownerId))
      .onConflictDoNothing();
    const created = await this.findCurrent(ownerId);
    if (!created) throw conflict(SIGNING_KEY_BUSY_MESSAGE);
    return created;
  }

  private async findCurrent(ownerId: string): Promise<LicenceSigningKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(licenceSigningKeys)
      .where(and(eq(licenceSigningKeys.ownerId, ownerId), isNull(licenceSigningKeys.rotatedAt)))
      .limit(1);
    return row;
  }

  private async sealNew(ownerId: string) {
    const { publicDer, privateDer } = generateSigningPair();
    const id = signingKeyId(publicDer);
    const box = await this.box();
    return {
      id,
      ownerId,
      publicKey: publicDer.toString('base64'),
      privateKeySealed: box.seal(privateDer.toString('base64'), sealedFor({ id, ownerId })),
      createdAt: this.clock.now(),
    };
  }
}

/** A sealed private key opens only on its own row: copied onto another id or owner, it does not. */
const sealedFor = (row: { id: string; ownerId: string }) => `licence-signing:${row.ownerId}:${row.id}`;

function toSigningKey(row: LicenceSigningKeyRow): SigningKey {
  const der = Buffer.from(row.publicKey, 'base64');
  return {
    id: row.id,
    algorithm: 'Ed25519',
    state: row.rotatedAt ? 'previous' : 'current',
    publicKeyPem: publicKeyPem(der),
    publicKeyBase64: row.publicKey,
    createdAt: row.createdAt.toISOString(),
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
  };
}
