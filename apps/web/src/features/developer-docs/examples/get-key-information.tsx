// ReactJS: show a licence key's state (get-key-information).
import { useEffect, useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export interface KeyInformation {
  id: string;
  key: string;
  maxActivations: number;
  currentActivations: number;
  isActive: boolean;
}

export async function getKeyInformation(
  apiKey: string,
  licenceKey: string,
  baseUrl = KEY_MANAGER_URL,
): Promise<KeyInformation> {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/get-key-information`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey }), // or { id: keyId }
  });
  const reply = (await response.json()) as
    | ({ status: 'ok' } & KeyInformation)
    | { status: 'failed'; message: string };
  // An unknown or deleted key answers 404 "Invalid Key Provided".
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function LicenceStatus({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [info, setInfo] = useState<KeyInformation | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    getKeyInformation(apiKey, licenceKey).then(setInfo, (e: Error) => setError(e.message));
  }, [apiKey, licenceKey]);

  if (error) return <p role="alert">{error}</p>;
  if (!info) return <p>Checking licence…</p>;
  return (
    <p>
      {info.currentActivations} of {info.maxActivations || 'unlimited'} activations,{' '}
      {info.isActive ? 'usable' : 'disabled'}
    </p>
  );
}
