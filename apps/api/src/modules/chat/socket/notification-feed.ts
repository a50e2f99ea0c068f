import type { SocketServerMessage } from '@app/contract';
import type { AppDeps } from '../../../app-deps.js';
import { AppError } from '../../../platform/http/errors.js';
import type { SocketIdentity } from './identity.js';

/** The room name a `{kind: 'notifications'}` join answers with. */
export const NOTIFICATIONS_ROOM = 'notifications';

/**
 * The notifications target (decision 034): a signed-in person's own notifications, pushed to this
 * socket until it closes. The notification centre says what to push (`deps.notifications.watch`); the
 * hub only carries it, so the bell needs no socket of its own. Returns the unsubscribe.
 */
export function watchNotifications(
  deps: AppDeps,
  identity: SocketIdentity,
  sendFrame: (frame: string) => void,
): () => void {
  if (identity.kind !== 'user') throw new AppError(403, 'Sign in to receive notifications');
  return deps.notifications.watch(identity.user.id, (push) =>
    sendFrame(JSON.stringify(push satisfies SocketServerMessage)),
  );
}
