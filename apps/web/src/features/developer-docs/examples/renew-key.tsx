// ReactJS: extend a key's expiry when a renewal is paid (renew-key): by the key's duration, from its
// expiry (or from now once it has expired), or to a date you give.
// Needs a secret key (km_live_…): run it on your server or an admin tool, never in a shipped app.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export async function renewKey(
  apiKey: string,
  licenceKey: string,
  until?: string, // ISO 8601, e.g. '2027-12-31T23:59:59Z'; leave out to add the key's duration
  baseUrl = KEY_MANAGER_URL,
) {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/renew-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, until }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; message: string; keyStatus: string; expiresAt: string | null }
    | { status: 'failed'; code: string; message: string };
  // 409 key_not_renewable: the key has no duration (perpetual, or made without a policy): give `until`.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply; // message "Key renewed"
}

export function RenewButton({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [message, setMessage] = useState('');
  const renew = () =>
    renewKey(apiKey, licenceKey).then(
      (reply) => setMessage(`${reply.message} until ${reply.expiresAt}`),
      (error: Error) => setMessage(error.message),
    );
  return (
    <p>
      <button type="button" onClick={renew}>
        Renewal paid: renew
      </button>{' '}
      <output>{message}</output>
    </p>
  );
}
