// ReactJS: deactivate a licence key (deactivate-key): frees one activation.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export async function deactivateKey(apiKey: string, licenceKey: string, baseUrl = KEY_MANAGER_URL) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/deactivate-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; currentActivations: number }
    | { status: 'failed'; message: string };
  // Refused with 409 when the count is already zero or the key is disabled.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function DeactivateButton({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [message, setMessage] = useState('');
  const deactivate = () =>
    deactivateKey(apiKey, licenceKey).then(
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
