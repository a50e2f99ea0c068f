import { PORTAL_LIMITS, PORTAL_LINKS, type PortalSettings, type ZPortalSettingsRequest } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type LicenseePortalRow, licenseePortals } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { conflict } from '../../platform/http/errors.js';
import type { AccountsPort } from '../../ports/accounts.js';

export const HANDLE_TAKEN_MESSAGE = 'That address is taken by another portal. Choose another.';

/** The defaults of a portal never saved (decision 036): on by nobody, generous but bounded. */
const DEFAULTS = {
  enabled: false,
  supportEmail: '',
  supportUrl: '',
  purchaseUrl: '',
  allowRelease: true,
  releasesPer30Days: 3,
  allowCertificates: true,
  mailSenderName: '',
  mailSubject: '',
  mailIntro: '',
} as const;

/** An owner's portal settings (decision 036): read with defaults, saved with a handle unique across owners. */
export class PortalSettingsStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountsPort,
    private readonly publicUrl: string,
  ) {}

  row(ownerId: string): Promise<LicenseePortalRow | undefined> {
    return this.db
      .select()
      .from(licenseePortals)
      .where(eq(licenseePortals.ownerId, ownerId))
      .then((rows) => rows[0]);
  }

  /** A portal by its handle, switched on or not (the caller decides). */
  byHandle(handle: string): Promise<LicenseePortalRow | undefined> {
    return this.db
      .select()
      .from(licenseePortals)
      .where(eq(licenseePortals.handle, handle.toLowerCase()))
      .then((rows) => rows[0]);
  }

  async get(ownerId: string): Promise<PortalSettings> {
    const row = await this.row(ownerId);
    if (row) return this.toSettings(row);
    const owner = await this.accounts.findById(ownerId);
    const name = owner ? `${owner.firstName} ${owner.lastName}`.trim() : '';
    const handle = await this.freeHandle(name || 'licences');
    return {
      ...DEFAULTS,
      handle,
      displayName: (name || 'Licences').slice(0, PORTAL_LIMITS.displayNameMax),
      hasLogo: false,
      url: this.url(handle),
      saved: false,
    };
  }

  async save(ownerId: string, input: z.output<typeof ZPortalSettingsRequest>): Promise<PortalSettings> {
    const taken = await this.byHandle(input.handle);
    if (taken && taken.ownerId !== ownerId) throw conflict(HANDLE_TAKEN_MESSAGE, 'handle');
    const values = {
      handle: input.handle,
      enabled: input.enabled,
      displayName: input.displayName,
      supportEmail: input.supportEmail || null,
      supportUrl: input.supportUrl || null,
      purchaseUrl: input.purchaseUrl || null,
      allowRelease: input.allowRelease,
      releasesPer30Days: input.releasesPer30Days,
      allowCertificates: input.allowCertificates,
      mailSenderName: input.mailSenderName || null,
      mailSubject: input.mailSubject || null,
      mailIntro: input.mailIntro || null,
      updatedAt: this.clock.now(),
    };
    try {
      const [row] = await this.db
        .insert(licenseePortals)
        .values({ ownerId, ...values, createdAt: this.clock.now() })
        .onConflictDoUpdate({ target: licenseePortals.ownerId, set: values })
        .returning();
      if (!row) throw new Error('portal upsert returned no row');
      return this.toSettings(row);
    } catch (error) {
      // Two owners saving one handle at once: the unique index decides, the loser hears 409.
      if (isUniqueViolation(error)) throw conflict(HANDLE_TAKEN_MESSAGE, 'handle');
      throw error;
    }
  }

  /** Sets (or with null clears) the logo file; returns the file it replaced, for the caller to remove. */
  async setLogo(ownerId: string, fileId: string | null): Promise<string | null> {
    const row = await this.row(ownerId);
    if (!row) {
      // A logo before the first save: the defaults are saved with it (switched off).
      const defaults = await this.get(ownerId);
      await this.db
        .insert(licenseePortals)
        .values({
          ownerId,
          handle: defaults.handle,
          displayName: defaults.displayName,
          logoFileId: fileId,
        })
        .onConflictDoUpdate({ target: licenseePortals.ownerId, set: { logoFileId: fileId } });
      return null;
    }
    await this.db
      .update(licenseePortals)
      .set({ logoFileId: fileId, updatedAt: this.clock.now() })
      .where(eq(licenseePortals.ownerId, ownerId));
    return row.logoFileId;
  }

  url(handle: string): string {
    return `${this.publicUrl}${PORTAL_LINKS.page(handle)}`;
  }

  toSettings(row: LicenseePortalRow): PortalSettings {
    return {
      enabled: row.enabled,
      handle: row.handle,
      displayName: row.displayName,
      supportEmail: row.supportEmail ?? '',
      supportUrl: row.supportUrl ?? '',
      purchaseUrl: row.purchaseUrl ?? '',
      allowRelease: row.allowRelease,
      releasesPer30Days: row.releasesPer30Days,
      allowCertificates: row.allowCertificates,
      mailSenderName: row.mailSenderName ?? '',
      mailSubject: row.mailSubject ?? '',
      mailIntro: row.mailIntro ?? '',
      hasLogo: row.logoFileId !== null,
      url: this.url(row.handle),
      saved: true,
    };
  }

  /** A handle no portal has, made from the owner's name ("ada-lovelace", then "ada-lovelace-2", …). */
  private async freeHandle(name: string): Promise<string> {
    let base = name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^[^a-z]+|-+$/g, '')
      .slice(0, PORTAL_LIMITS.handleMax - 4)
      .replace(/-+$/, '');
    if (base.length < PORTAL_LIMITS.handleMin) base = `licences-${base}`.replace(/-+$/, '');
    for (let n = 1; n <= 20; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await this.byHandle(candidate))) return candidate;
    }
    return `${base.slice(0, 20)}-${Math.random().toString(36).slice(2, 8)}`;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
