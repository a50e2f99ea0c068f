// ReactJS: may the app run now (validate-key)? One call checks the key's state, its expiry and
// grace, its product, this device and the entitlements you need. A publishable key (km_pub_…) may
// call it; a refused licence is an answer (valid: false and a one-word code), not an error.
import { type ReactNode, useEffect, useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server
const PUBLISHABLE_KEY = 'km_pub_…'; // API tab → Generate API key → Publishable
const PRODUCT = 'studio'; // Key Manager → Products: your product's code

export interface Validation {
  valid: boolean;
  /** VALID, NOT_FOUND, DISABLED, SUSPENDED, EXPIRED, TRIAL_EXPIRED, PRODUCT_MISMATCH, NOT_ACTIVATED, TOO_MANY_DEVICES or ENTITLEMENTS_MISSING. */
  code: string;
  message: string;
  key: {
    key: string;
    keyStatus: 'active' | 'trial' | 'expired' | 'suspended' | 'disabled';
    expiresAt: string | null;
    product: string;
    trial: boolean;
    entitlements: Record<string, string | number | boolean>;
  } | null;
  missingEntitlements?: string[];
}

async function replyOf<T>(response: Response): Promise<T> {
  const reply = (await response.json()) as T & { status: 'ok' | 'failed'; message: string };
  // Only the API key (401, 402, 403, 429) or a malformed body (400) fail: a licence's answer is a 200.
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export async function validateKey(
  publishableKey: string,
  licenceKey: string,
  fingerprint: string,
  entitlements: string[] = [],
  baseUrl = KEY_MANAGER_URL,
): Promise<Validation> {
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/validate-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, fingerprint, product: PRODUCT, entitlements }),
  });
  return replyOf<Validation>(response);
}

/** Validates this device, activating it first when it holds no activation yet (a fingerprint counts once). */
export async function validateDevice(
  publishableKey: string,
  licenceKey: string,
  fingerprint: string,
  entitlements: string[] = [],
  baseUrl = KEY_MANAGER_URL,
): Promise<Validation> {
  const first = await validateKey(publishableKey, licenceKey, fingerprint, entitlements, baseUrl);
  if (first.code !== 'NOT_ACTIVATED') return first;
  const activation = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/activate-key`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${publishableKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: licenceKey, fingerprint }),
  });
  await replyOf(activation); // 409 "Activation limit reached" when no slot is free
  return validateKey(publishableKey, licenceKey, fingerprint, entitlements, baseUrl);
}

/** Shows the app only while the licence is valid; EXPIRED with valid: true is a grace period. */
export function LicenceGate({
  licenceKey,
  fingerprint,
  children,
}: {
  licenceKey: string;
  fingerprint: string;
  children: ReactNode;
}) {
  const [validation, setValidation] = useState<Validation | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    validateDevice(PUBLISHABLE_KEY, licenceKey, fingerprint).then(setValidation, (e: Error) =>
      setError(e.message),
    );
  }, [licenceKey, fingerprint]);

  if (error) return <p role="alert">{error}</p>;
  if (!validation) return <p>Checking licence…</p>;
  if (!validation.valid) return <p role="alert">{validation.message}</p>; // e.g. "The trial has ended."
  return (
    <>
      {validation.code !== 'VALID' && <p role="status">{validation.message} Renew it soon.</p>}
      {children}
    </>
  );
}
