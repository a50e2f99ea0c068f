import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, type SessionSnapshot, subscribeSession } from './session';

/** The signed-in state; re-renders when tokens are stored, refreshed, expire or are cleared. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot, getSessionSnapshot);
}
