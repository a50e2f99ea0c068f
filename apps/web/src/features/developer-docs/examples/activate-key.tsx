// ReactJS: activate this device for a licence key (activate-key, "update activation count").
// Runs in the browser with a publishable key (km_pub_…): it may get information, activate and
// deactivate this device, send its heartbeat and check out its licence; never disable or delete keys.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server
const PUBLISHABLE_KEY = 'km_pub_…'; // API tab → Generate API key → Publishable

/** This browser's device id: made once, kept in localStorage. The same device activates once. */
export function deviceFingerprint(): string {
  let id = localStorage.getItem('licence-device-id');
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem('licence-device-id', id);
  }
  return id;
}

export async function activateKey(
  publishableKey: string,
  licenceKey: string,
  fingerprint: string,
  baseUrl = KEY_MANAGER_URL,
) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/activate-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, fingerprint }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; currentActivations: number; maxActivations: number }
    | { status: 'failed'; message: string };
  // Refused with 409 when the key is at its limit or disabled; again on this device: "Key already activated".
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function ActivateButton({ licenceKey }: { licenceKey: string }) {
  const [message, setMessage] = useState('');
  const activate = () =>
    activateKey(PUBLISHABLE_KEY, licenceKey, deviceFingerprint()).then(
      (reply) => setMessage(`${reply.message}: ${reply.currentActivations} in use`),
      (error: Error) => setMessage(error.message),
    );
  return (
    <p>
      <button type="button" onClick={activate}>
        Activate
      </button>{' '}
      <output>{message}</output>
    </p>
  );
}
