// ReactJS: deactivate this device (deactivate-key): frees its activation.
// With a publishable key (km_pub_…) the fingerprint is required: it frees only the device it names.
import { useState } from 'react';
import { deviceFingerprint } from './activate-key';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server
const PUBLISHABLE_KEY = 'km_pub_…'; // API tab → Generate API key → Publishable

export async function deactivateKey(
  publishableKey: string,
  licenceKey: string,
  fingerprint: string,
  baseUrl = KEY_MANAGER_URL,
) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/deactivate-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, fingerprint }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; currentActivations: number }
    | { status: 'failed'; message: string };
  // Refused with 409 when this device is not activated or the key is disabled.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function DeactivateButton({ licenceKey }: { licenceKey: string }) {
  const [message, setMessage] = useState('');
  const deactivate = () =>
    deactivateKey(PUBLISHABLE_KEY, licenceKey, deviceFingerprint()).then(
      (reply) => setMessage(`${reply.message}: ${reply.currentActivations} in use`),
      (error: Error) => setMessage(error.message),
    );
  return (
    <p>
      <button type="button" onClick={deactivate}>
        Deactivate
      </button>{' '}
      <output>{message}</output>
    </p>
  );
}
