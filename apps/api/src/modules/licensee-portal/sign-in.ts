import { portalText } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rawRows } from '../../db/raw-rows.js';
import type { LicenseePortalRow } from '../../db/schema/index.js';
import { notFound } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { PortalLimits } from './portal-limits.js';
import type { PortalSessions } from './portal-sessions.js';
import type { SignInCodes } from './sign-in-codes.js';
import { sendSignInMail } from './sign-in-mail.js';

export interface Caller {
  ip: string;
  userAgent: string | null;
}

/**
 * The three ways into a portal (decision 036): a code mailed to the licensee's address (asked for,
 * then verified, or opened through the mailed link) and a licence key alone.
 */
export class PortalSignIns {
  constructor(
    private readonly db: Db,
    private readonly codes: SignInCodes,
    private readonly sessions: PortalSessions,
    private readonly limits: PortalLimits,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  /**
   * Writes an attempt whatever the address, and mails its code only when the address holds a licence
   * of this owner: the caller gets the same reply (and the server does the same work) either way.
   */
  async requestCode(portal: LicenseePortalRow, email: string, caller: Caller): Promise<string> {
    await this.limits.code(portal.ownerId, email, caller.ip);
    return this.db.transaction(async (tx) => {
      const [holder] = await rawRows<{ holds: boolean }>(
        tx,
        sql`select exists (select 1 from licence_keys
              where owner_id = ${portal.ownerId}::uuid and customer_email = ${email}) as holds`,
      );
      const attempt = await this.codes.create(tx, portal.ownerId, email, caller.ip);
      if (holder?.holds) {
        await sendSignInMail(this.mailer, tx, { portal, to: email, publicUrl: this.publicUrl, ...attempt });
      }
      return attempt.attemptId;
    });
  }

  async verifyCode(
    portal: LicenseePortalRow,
    input: { attemptId: string; code: string; fromLink?: boolean | undefined },
    caller: Caller,
  ) {
    const email = await this.codes.verify(portal.ownerId, input.attemptId, input.code);
    return this.sessions.open({
      ownerId: portal.ownerId,
      kind: 'email',
      email,
      keyId: null,
      method: input.fromLink ? 'link' : 'code',
      ...caller,
    });
  }

  /** Any key of this owner, whatever its state, opens that one licence; another is unknown (404). */
  async keySignIn(portal: LicenseePortalRow, licenseKey: string, caller: Caller) {
    await this.limits.keySignIn(caller.ip);
    const [key] = await rawRows<{ id: string }>(
      this.db,
      sql`select id from licence_keys where key = ${licenseKey} and owner_id = ${portal.ownerId}::uuid`,
    );
    if (!key) throw notFound(portalText('keyUnknown'));
    return this.sessions.open({
      ownerId: portal.ownerId,
      kind: 'key',
      email: null,
      keyId: key.id,
      method: 'key',
      ...caller,
    });
  }
}
