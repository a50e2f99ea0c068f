// ReactJS: start a trial of your product on this device (start-trial). The new key comes from the
// product's trial policy, already activated here. One trial per device, and per email, per product.
// A publishable key (km_pub_…) may call it.
import { useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server
const PUBLISHABLE_KEY = 'km_pub_…'; // API tab → Generate API key → Publishable
const PRODUCT = 'studio'; // Key Manager → Products: a product with a trial policy

export interface Trial {
  message: string; // "Trial started"
  key: string; // keep it: this device's licence key until the trial ends
  keyStatus: 'trial';
  expiresAt: string;
  maxActivations: number;
  currentActivations: number;
}

export async function startTrial(
  publishableKey: string,
  fingerprint: string,
  email?: string,
  baseUrl = KEY_MANAGER_URL,
): Promise<Trial> {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/start-trial`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ product: PRODUCT, fingerprint, email }),
  });
  const reply = (await response.json()) as
    | ({ status: 'ok' } & Trial)
    | { status: 'failed'; code: string; message: string };
  // 409 trial_used: this device or email already had its trial; 404 trial_not_offered, product_not_found.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function TrialButton({
  fingerprint,
  onStarted,
}: {
  fingerprint: string;
  onStarted: (key: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const start = () =>
    startTrial(PUBLISHABLE_KEY, fingerprint, email || undefined).then(
      (trial) => {
        setMessage(`${trial.message}: until ${new Date(trial.expiresAt).toLocaleDateString()}`);
        onStarted(trial.key);
      },
      (error: Error) => setMessage(error.message),
    );
  return (
    <p>
      <input
        type="email"
        placeholder="Email (optional)"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />{' '}
      <button type="button" onClick={start}>
        Start free trial
      </button>{' '}
      <output>{message}</output>
    </p>
  );
}
