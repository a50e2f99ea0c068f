// ReactJS: delete a licence key for good (delete-key).
// Needs a secret key (km_live_…): run it on your server or an admin tool, never in a shipped app.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export async function deleteKey(apiKey: string, licenceKey: string, baseUrl = KEY_MANAGER_URL) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/delete-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey }),
  });
  const reply = (await response.json()) as { status: 'ok' | 'failed'; message: string };
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply; // later calls with this key answer "Invalid Key Provided"
}

export function DeleteKeyButton({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [message, setMessage] = useState('');
  const remove = () => {
    if (!window.confirm('Delete this licence key? Applications using it stop working.')) return;
    deleteKey(apiKey, licenceKey).then(
      (reply) => setMessage(reply.message),
      (error: Error) => setMessage(error.message),
    );
  };
  return (
    <p>
      <button type="button" onClick={remove}>
        Delete key
      </button>{' '}
      <output>{message}</output>
    </p>
  );
}
