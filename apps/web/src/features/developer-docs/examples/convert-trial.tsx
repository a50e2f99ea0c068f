// ReactJS: make a trial key a paid key when the payment arrives (convert-trial). The same key and its
// devices stay; its terms become a standard policy's (the one you name, else the product's first).
// Needs a secret key (km_live_…): run it on your server or an admin tool, never in a shipped app.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

export interface PaidKey {
  message: string; // "Trial converted"
  keyStatus: string;
  trial: boolean;
  expiresAt: string | null;
  maxActivations: number;
  customer?: { name: string | null; email: string | null; ref: string | null };
}

export async function convertTrial(
  apiKey: string,
  licenceKey: string,
  customer: { customerName?: string; customerEmail?: string; customerRef?: string } = {},
  policyId?: string, // Key Manager → Products → the product's policies; default: its first standard one
  baseUrl = KEY_MANAGER_URL,
): Promise<PaidKey> {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/convert-trial`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, policyId, ...customer }),
  });
  const reply = (await response.json()) as
    | ({ status: 'ok' } & PaidKey)
    | { status: 'failed'; code: string; message: string };
  // 409 not_a_trial (already converted); 404 policy_not_found (no standard policy of this product).
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function ConvertTrialButton({ apiKey, licenceKey }: { apiKey: string; licenceKey: string }) {
  const [message, setMessage] = useState('');
  const convert = () =>
    convertTrial(apiKey, licenceKey).then(
      (key) => setMessage(`${key.message}: ${key.keyStatus} until ${key.expiresAt ?? 'forever'}`),
      (error: Error) => setMessage(error.message),
    );
  return (
    <p>
      <button type="button" onClick={convert}>
        Payment received: convert the trial
      </button>{' '}
      <output>{message}</output>
    </p>
  );
}
