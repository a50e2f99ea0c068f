import { and, desc, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { userSessions, users } from '../../db/schema/index.js';
import { newDeviceMail, sendSecurityNotice } from './security-mail.js';
import type { SignInListener } from './sessions.js';
import { describeUserAgent, deviceInWords } from './user-agent.js';

/** A device is new when its browser family and address were not seen in this many days. */
export const NEW_DEVICE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the person when a sign-in comes from a user-agent family (browser and system, no versions)
 * and IP address pair that none of their sessions active in the last 90 days had. Only sessions that
 * recorded where they came from count: the first such sign-in (the sign-up's) sets the baseline, so
 * a new account, and one whose sessions predate this record, get no mail for it.
 */
export function newDeviceNotifier(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'log' | 'config'>,
): SignInListener {
  const { db } = deps.database;
  const context = {
    brandName: deps.config.BRAND_NAME,
    base: publicUrl(deps.config),
    contactEmail: deps.config.CONTACT_EMAIL,
  };
  return async (signIn) => {
    try {
      const earlier = await db
        .select({
          userAgent: userSessions.userAgent,
          ip: userSessions.ip,
          lastActiveAt: userSessions.lastActiveAt,
        })
        .from(userSessions)
        .where(
          and(
            eq(userSessions.userId, signIn.userId),
            ne(userSessions.id, signIn.sessionId),
            or(ne(userSessions.userAgent, ''), isNotNull(userSessions.ip)),
          ),
        )
        .orderBy(desc(userSessions.lastActiveAt))
        .limit(500);
      if (earlier.length === 0) return;
      const device = describeUserAgent(signIn.origin.userAgent);
      const ip = signIn.origin.ip || null;
      const since = signIn.at.getTime() - NEW_DEVICE_DAYS * DAY_MS;
      const seen = earlier.some(
        (row) =>
          row.lastActiveAt.getTime() >= since &&
          row.ip === ip &&
          describeUserAgent(row.userAgent).family === device.family,
      );
      if (seen) return;
      const [person] = await db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, signIn.userId))
        .limit(1);
      if (!person) return;
      await sendSecurityNotice(
        deps.mailer,
        deps.log,
        newDeviceMail(context, person, { device: deviceInWords(device), ip, at: signIn.at }),
      );
    } catch (error) {
      deps.log.warn({ err: error }, 'could not check a sign-in for a new device');
    }
  };
}
