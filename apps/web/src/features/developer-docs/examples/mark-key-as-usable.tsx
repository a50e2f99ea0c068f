// ReactJS: enable or disable a licence key (mark-key-as-active).
// Needs a secret key (km_live_…): run it on your server or an admin tool, never in a shipped app.
import { useEffect, useState } from 'react';
import { getKeyInformation } from './get-key-information';

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

/** A switch that starts from the key's real state (read once), then enables or disables it. */
export function UsableSwitch({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [usable, setUsable] = useState<boolean | null>(null); // null: not read yet
  const [error, setError] = useState('');
  useEffect(() => {
    getKeyInformation(apiKey, licenceKey).then(
      (info) => setUsable(info.isActive),
      (e: Error) => setError(e.message),
    );
  }, [apiKey, licenceKey]);
  const toggle = (next: boolean) =>
    markKeyAsUsable(apiKey, licenceKey, next).then(
      (reply) => setUsable(reply.isActive),
      (e: Error) => setError(e.message),
    );
  return (
    <label>
      <input
        type="checkbox"
        checked={usable ?? false}
        disabled={usable === null}
        onChange={(event) => toggle(event.target.checked)}
      />{' '}
      Licence usable
      {error && <span role="alert"> {error}</span>}
    </label>
  );
}
