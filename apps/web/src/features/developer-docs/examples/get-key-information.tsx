// ReactJS: show a licence key's state (get-key-information), with a publishable key (km_pub_…).
import { useEffect, useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server
const PUBLISHABLE_KEY = 'km_pub_…'; // API tab → Generate API key → Publishable

export interface KeyInformation {
  id: string;
  key: string;
  maxActivations: number;
  currentActivations: number;
  isActive: boolean;
}

export async function getKeyInformation(
  publishableKey: string,
  licenceKey: string,
  baseUrl = KEY_MANAGER_URL,
): Promise<KeyInformation> {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/get-key-information`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey }), // or { id: keyId }
  });
  const reply = (await response.json()) as
    | ({ status: 'ok' } & KeyInformation)
    | { status: 'failed'; message: string };
  // An unknown or deleted key answers 404 "Invalid Key Provided".
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function LicenceStatus({ licenceKey }: { licenceKey: string }) {
  const [info, setInfo] = useState<KeyInformation | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    getKeyInformation(PUBLISHABLE_KEY, licenceKey).then(setInfo, (e: Error) => setError(e.message));
  }, [licenceKey]);

  if (error) return <p role="alert">{error}</p>;
  if (!info) return <p>Checking licence…</p>;
  return (
    <p>
      {info.currentActivations} of {info.maxActivations || 'unlimited'} activations,{' '}
      {info.isActive ? 'usable' : 'disabled'}
    </p>
  );
}
