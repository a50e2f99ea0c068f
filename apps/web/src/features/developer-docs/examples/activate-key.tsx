// ReactJS: activate a licence key (activate-key, "update activation count").
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export async function activateKey(apiKey: string, licenceKey: string, baseUrl = KEY_MANAGER_URL) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/activate-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; currentActivations: number; maxActivations: number }
    | { status: 'failed'; message: string };
  // Refused with 409 when the key is at its limit or disabled.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function ActivateButton({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [message, setMessage] = useState('');
  const activate = () =>
    activateKey(apiKey, licenceKey).then(
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
