// ReactJS: enable or disable a licence key (mark-key-as-active).
// Needs a secret key (km_live_…): run it on your server or an admin tool, never in a shipped app.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export async function markKeyAsUsable(
  apiKey: string,
  licenceKey: string,
  isActive: boolean,
  baseUrl = KEY_MANAGER_URL,
) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/mark-key-as-active`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, isActive }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; isActive: boolean }
    | { status: 'failed'; message: string };
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function UsableSwitch({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [usable, setUsable] = useState(true);
  const [error, setError] = useState('');
  const toggle = (next: boolean) =>
    markKeyAsUsable(apiKey, licenceKey, next).then(
      (reply) => setUsable(reply.isActive),
      (e: Error) => setError(e.message),
    );
  return (
    <label>
      <input type="checkbox" checked={usable} onChange={(event) => toggle(event.target.checked)} /> Licence
      usable
      {error && <span role="alert"> {error}</span>}
    </label>
  );
}
