import { PORTAL_LIMITS, type PortalSession, type PortalSignIn, type PortalSignInMethod } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp } from '../../db/keyset.js';
import { rawRows } from '../../db/raw-rows.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { csrfOfSession, hashToken, newToken } from './secrets.js';

/** A live portal session, as the routes use it. */
export interface ActivePortalSession {
  id: string;
  ownerId: string;
  kind: 'email' | 'key';
  email: string | null;
  keyId: string | null;
  expiresAt: Date;
  csrfToken: string;
}

export interface OpenSession {
  ownerId: string;
  kind: 'email' | 'key';
  email: string | null;
  keyId: string | null;
  method: PortalSignInMethod;
  ip: string | null;
  userAgent: string | null;
}

interface SessionRow {
  id: string;
  owner_id: string;
  kind: 'email' | 'key';
  email: string | null;
  key_id: string | null;
  expires_at: Date | string;
}

/**
 * Portal sessions (decision 036): a random token in the cookie, its SHA-256 in `portal_sessions`;
 * email sessions last 12 h, key sessions 2 h. A session is found only with its owner's id, so a
 * cookie of one owner's portal opens nothing on another's. The rows are also the owner's sign-in list.
 */
export class PortalSessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async open(input: OpenSession): Promise<{ token: string; session: ActivePortalSession }> {
    const token = newToken();
    const now = this.clock.now();
    const hours = input.kind === 'email' ? PORTAL_LIMITS.emailSessionHours : PORTAL_LIMITS.keySessionHours;
    const expiresAt = new Date(now.getTime() + hours * 3_600_000);
    const [row] = await rawRows<{ id: string }>(
      this.db,
      sql`insert into portal_sessions
            (owner_id, kind, email, key_id, token_hash, method, ip, user_agent, created_at, expires_at)
          values (${input.ownerId}::uuid, ${input.kind}, ${input.email}, ${input.keyId}::uuid,
            ${hashToken(token)}, ${input.method}, ${input.ip}, ${input.userAgent},
            ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
          returning id`,
    );
    if (!row) throw new Error('portal session insert returned no row');
    return {
      token,
      session: {
        id: row.id,
        ownerId: input.ownerId,
        kind: input.kind,
        email: input.email,
        keyId: input.keyId,
        expiresAt,
        csrfToken: csrfOfSession(token),
      },
    };
  }

  /** The owner's live session of this token, or null (unknown, another owner's, expired, signed out). */
  async find(ownerId: string, token: string): Promise<ActivePortalSession | null> {
    const now = this.clock.now().toISOString();
    const [row] = await rawRows<SessionRow>(
      this.db,
      sql`select id, owner_id, kind, email, key_id, expires_at from portal_sessions
          where token_hash = ${hashToken(token)} and owner_id = ${ownerId}::uuid
            and signed_out_at is null and expires_at > ${now}::timestamptz
            and (kind = 'email' or key_id is not null)`,
    );
    if (!row) return null;
    return {
      id: row.id,
      ownerId: row.owner_id,
      kind: row.kind,
      email: row.email,
      keyId: row.key_id,
      expiresAt: new Date(row.expires_at),
      csrfToken: csrfOfSession(token),
    };
  }

  async signOut(id: string): Promise<void> {
    await this.db.execute(
      sql`update portal_sessions set signed_out_at = ${this.clock.now().toISOString()}::timestamptz
          where id = ${id}::uuid and signed_out_at is null`,
    );
  }

  /** The owner's sign-ins, newest first, in keyset pages. */
  async signIns(
    ownerId: string,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ signIns: PortalSignIn[]; nextCursor: string | null }> {
    const after = decodeCursor(cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await rawRows<{
      id: string;
      created_at: Date | string;
      at_exact: string;
      method: PortalSignInMethod;
      email: string | null;
      key: string | null;
      ip: string | null;
      user_agent: string | null;
    }>(
      this.db,
      sql`select s.id, s.created_at, ${exactTimestamp(sql`s.created_at`)} as at_exact, s.method, s.email,
            k.key, s.ip, s.user_agent
          from portal_sessions s left join licence_keys k on k.id = s.key_id
          where s.owner_id = ${ownerId}::uuid
            ${after ? sql`and (s.created_at, s.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
          order by s.created_at desc, s.id desc limit ${limit + 1}`,
    );
    const page = pageOf(rows, limit, (row) => [String(row.at_exact), row.id]);
    return {
      signIns: page.items.map((row) => ({
        id: row.id,
        at: new Date(row.created_at).toISOString(),
        method: row.method,
        email: row.email,
        maskedKey: row.key === null ? null : maskKey(row.key),
        ip: row.ip,
        userAgent: row.user_agent,
      })),
      nextCursor: page.nextCursor,
    };
  }

  /** Deletes sessions that ended more than 90 days ago (the clean-up job); the list keeps 90 days. */
  async removeOld(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - 90 * 86_400_000).toISOString();
    await this.db.execute(sql`delete from portal_sessions where expires_at < ${before}::timestamptz`);
  }
}

/** A licence key as the owner's sign-in list shows it: its first and last four characters. */
export function maskKey(key: string): string {
  return key.length <= 8 ? `${key.slice(0, 2)}…` : `${key.slice(0, 4)}…${key.slice(-4)}`;
}

/** GET session's and the sign-in replies' `session`. */
export function sessionReply(session: ActivePortalSession): PortalSession {
  return {
    kind: session.kind,
    email: session.email,
    keyId: session.keyId,
    expiresAt: session.expiresAt.toISOString(),
    csrfToken: session.csrfToken,
  };
}
