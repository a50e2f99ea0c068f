import { roleOf } from '@app/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth/guard.js';
import type { AppDeps } from '../../../platform/deps.js';
import type { ChatServices } from '../chat-services.js';

export type SocketIdentity =
  | { kind: 'user'; user: AuthUser; canServe: boolean }
  | {
      kind: 'visitor';
      chatId: string;
      email: string;
      session: { id: string; verified: boolean; createdAt: Date };
    };

/**
 * Browsers cannot set headers on a WebSocket, and tokens in URLs end up in logs, so a socket proves
 * who it is in its first frame: an access token (accounts) or a chat session token (visitors).
 */
export async function identify(
  deps: AppDeps,
  services: ChatServices,
  credentials: { access?: string; chat_session?: string },
): Promise<SocketIdentity | null> {
  if (credentials.access) {
    const claims = await deps.tokens.verifyAccess(credentials.access);
    if (!claims) return null;
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
    if (!row || row.disabled) return null;
    const user: AuthUser = {
      id: row.id,
      email: row.email,
      userType: row.userType,
      role: roleOf(row.userType),
      firstName: row.firstName,
      lastName: row.lastName,
    };
    return { kind: 'user', user, canServe: await services.cs.canServe(user) };
  }
  if (credentials.chat_session) {
    const visitor = await services.visitors.byToken(credentials.chat_session);
    if (!visitor) return null;
    const { session, chat } = visitor;
    return {
      kind: 'visitor',
      chatId: chat.id,
      email: chat.email,
      session: { id: session.id, verified: session.verified, createdAt: session.createdAt },
    };
  }
  return null;
}
