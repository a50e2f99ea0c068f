import type { AppDeps } from '../../../app-deps.js';
import type { AuthUser } from '../../../platform/auth/auth-user.js';
import { AppError } from '../../../platform/http/errors.js';
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
    // The HTTP guard's check: a signed-out session or a disabled account cannot open a socket.
    const user = await deps.guards.userOfAccessToken(credentials.access).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 401) return null;
      throw error;
    });
    if (!user) return null;
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
