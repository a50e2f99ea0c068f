// ReactJS: keep this device's activation alive while the app runs (heartbeat). Needed when the key
// has a lease: a device that sends no heartbeat within it loses its slot. A publishable key
// (km_pub_…) may call it.
import { useEffect, useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server
const PUBLISHABLE_KEY = 'km_pub_…'; // API tab → Generate API key → Publishable
const SLOT_GONE = 'This device is not activated for the key';

export async function sendHeartbeat(
  publishableKey: string,
  licenceKey: string,
  fingerprint: string,
  baseUrl = KEY_MANAGER_URL,
) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/heartbeat`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, fingerprint }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; leaseSeconds: number; leaseExpiresAt: string | null }
    | { status: 'failed'; message: string };
  // 409 "This device is not activated for the key": released, or the lease lapsed. Activate again.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

/**
 * Beats at once and every `intervalMs` (pick a third of the key's lease) while mounted. "lost": the
 * slot is gone, activate again (the same fingerprint is safe to retry); "offline": try again later.
 */
export function useLicenceHeartbeat(licenceKey: string, fingerprint: string, intervalMs = 5 * 60_000) {
  const [state, setState] = useState<'ok' | 'lost' | 'offline'>('ok');
  useEffect(() => {
    let stopped = false;
    const beat = () =>
      sendHeartbeat(PUBLISHABLE_KEY, licenceKey, fingerprint).then(
        () => !stopped && setState('ok'),
        (error: Error) => !stopped && setState(error.message === SLOT_GONE ? 'lost' : 'offline'),
      );
    void beat();
    const timer = setInterval(beat, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [licenceKey, fingerprint, intervalMs]);
  return state;
}
