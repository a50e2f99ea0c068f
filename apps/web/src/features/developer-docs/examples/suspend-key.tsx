// ReactJS: suspend a key while a payment is missing, and reinstate it when it arrives (suspend-key).
// A suspended key is refused like a disabled one (409 key_suspended; validate-key SUSPENDED) and
// says so, so your app can tell the user to pay rather than that the key is wrong.
// Needs a secret key (km_live_…): run it on your server or an admin tool, never in a shipped app.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export async function suspendKey(
  apiKey: string,
  licenceKey: string,
  suspended: boolean,
  baseUrl = KEY_MANAGER_URL,
) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/suspend-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, suspended }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; keyStatus: string }
    | { status: 'failed'; code: string; message: string };
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply; // "Key suspended" (keyStatus suspended) or "Key reinstated"
}

export function SuspendSwitch({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [status, setStatus] = useState('');
  const set = (suspended: boolean) =>
    suspendKey(apiKey, licenceKey, suspended).then(
      (reply) => setStatus(`${reply.message} (${reply.keyStatus})`),
      (error: Error) => setStatus(error.message),
    );
  return (
    <p>
      <button type="button" onClick={() => set(true)}>
        Suspend
      </button>{' '}
      <button type="button" onClick={() => set(false)}>
        Reinstate
      </button>{' '}
      <output>{status}</output>
    </p>
  );
}
