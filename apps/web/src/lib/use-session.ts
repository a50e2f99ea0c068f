import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, type SessionSnapshot, SIGNED_OUT, subscribeSession } from './session';

/**
 * The signed-in state; re-renders when tokens are stored, refreshed, expire or are cleared.
 * Public pages are rendered at build time as a visitor sees them (src/entry-server.tsx), so that is
 * also the state the browser hydrates with; React then re-renders with the stored session.
 */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot, signedOut);
}

const signedOut = (): SessionSnapshot => SIGNED_OUT;
