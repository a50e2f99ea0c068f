import type { DeviceSession } from '@app/contract';
import { and, desc, eq, exists, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, isoTimestamp, keysetAfter } from '../../db/keyset.js';
import { refreshTokens, userSessions } from '../../db/schema/index.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { notFound } from '../../platform/http/errors.js';
import type { SessionService } from './sessions.js';
import { describeUserAgent, deviceInWords } from './user-agent.js';

/** A session as the audit trail and the replies name it. */
export interface EndedSession {
  id: string;
  device: string;
  ip: string | null;
}

/**
 * The person's signed-in devices (decision 033): sessions not ended whose refresh token can still be
 * used, most recently active first, in keyset pages of (last active, id). A session that becomes
 * active while someone pages moves to the first page. Ending goes through SessionService, which
 * revokes the refresh family and drops the guard's state on every instance.
 */
export class SessionList {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
  ) {}

  private open(userId: string) {
    const now = this.clock.now();
    const s = userSessions;
    return and(
      eq(s.userId, userId),
      isNull(s.endedAt),
      exists(
        this.db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.familyId, s.id),
              isNull(refreshTokens.revokedAt),
              isNull(refreshTokens.usedAt),
              gt(refreshTokens.expiresAt, now),
            ),
          ),
      ),
    );
  }

  async page(
    userId: string,
    query: { limit: number; cursor?: string | undefined },
    current: { sessionId: string; place: string | null },
  ): Promise<{ sessions: DeviceSession[]; nextCursor: string | null }> {
    const s = userSessions;
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await this.db
      .select({
        id: s.id,
        userAgent: s.userAgent,
        ip: s.ip,
        place: s.place,
        signedInAt: isoTimestamp(s.createdAt),
        lastActiveAt: isoTimestamp(s.lastActiveAt),
        cursorAt: exactTimestamp(s.lastActiveAt),
      })
      .from(s)
      .where(and(this.open(userId), keysetAfter([s.lastActiveAt, s.id], after)))
      .orderBy(desc(s.lastActiveAt), desc(s.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    return {
      sessions: page.items.map((row) => {
        const device = describeUserAgent(row.userAgent);
        const isCurrent = row.id === current.sessionId;
        return {
          id: row.id,
          browser: device.browser,
          os: device.os,
          deviceType: device.deviceType,
          ip: row.ip,
          // This device: where the request in hand comes from; another: where it signed in.
          place: (isCurrent ? current.place : null) ?? row.place,
          signedInAt: row.signedInAt,
          lastActiveAt: row.lastActiveAt,
          current: isCurrent,
        };
      }),
      nextCursor: page.nextCursor,
    };
  }

  /** Ends one of the person's open sessions; another person's (or an ended one) is not found. */
  async endOne(userId: string, sessionId: string): Promise<EndedSession> {
    const [row] = await this.db
      .select({ id: userSessions.id, userAgent: userSessions.userAgent, ip: userSessions.ip })
      .from(userSessions)
      .where(and(this.open(userId), eq(userSessions.id, sessionId)))
      .limit(1);
    if (!row) throw notFound('That session does not exist or has already ended');
    await this.sessions.endSession(row.id);
    return { id: row.id, device: deviceInWords(describeUserAgent(row.userAgent)), ip: row.ip };
  }

  /** Ends every open session of the person but `keep` (this device). */
  async endOthers(userId: string, keep: string): Promise<EndedSession[]> {
    const rows = await this.db
      .select({ id: userSessions.id, userAgent: userSessions.userAgent, ip: userSessions.ip })
      .from(userSessions)
      .where(and(this.open(userId), ne(userSessions.id, keep)));
    for (const row of rows) await this.sessions.endSession(row.id);
    return rows.map((row) => ({
      id: row.id,
      device: deviceInWords(describeUserAgent(row.userAgent)),
      ip: row.ip,
    }));
  }
}
