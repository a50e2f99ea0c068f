// ReactJS: every Key Manager call sends an API key as a bearer token. In a browser or a shipped app
// use a publishable key (km_pub_…); a secret key (km_live_…) stays on your server.
import { useState } from 'react';

/** Your Key Manager server. */
export const KEY_MANAGER_URL = 'http://localhost:3000';

interface Failure {
  status: 'failed';
  message: string;
}

/** Posts to a Key Manager operation; resolves with the reply or rejects with the server's message. */
export async function callKeyManager<T>(
  operation: string,
  body: object,
  apiKey: string,
  baseUrl = KEY_MANAGER_URL,
): Promise<T & { status: 'ok' }> {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/${operation}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as (T & { status: 'ok' }) | Failure;
  if (response.status === 429) {
    throw new Error(
      `${reply.status === 'failed' ? reply.message : ''}: retry in ${response.headers.get('Retry-After')} s`,
    );
  }
  // 401 means the API key is missing, wrong or revoked.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function ApiKeyCheck({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [result, setResult] = useState('');
  const check = () =>
    callKeyManager('get-key-information', { key: licenceKey }, apiKey).then(
      () => setResult('API key accepted'),
      (error: Error) => setResult(error.message),
    );
  return (
    <p>
      <button type="button" onClick={check}>
        Check API key
      </button>{' '}
      <output>{result}</output>
    </p>
  );
}
