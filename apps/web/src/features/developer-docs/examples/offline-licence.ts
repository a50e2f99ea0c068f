// TypeScript: the recommended licence check. Online when possible (the server has the last word and
// hands out a fresh certificate); when this service cannot be reached, the certificate stored at the
// last online check, verified offline, keeps a paying user working until it expires.
import {
  type KeyManager,
  KeyManagerException,
  type LicensePayload,
  verifyLicense,
} from '@northwind/key-manager';

/**
 * Every public key listed in the dashboard (Key Manager → Offline licences tab), current and previous,
 * as base64 or PEM. Signed in, the docs page shows yours here.
 */
export const PUBLIC_KEYS: readonly string[] = ['YOUR_PUBLIC_KEY'];
/** How long a user may stay offline: a fresh certificate is checked out at every online check. */
const OFFLINE_DAYS = 14;
const STORED = 'licence-certificate';

/** Where the certificate is kept: localStorage in a browser, a file in a desktop app. */
export interface CertificateStore {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

export async function checkLicence(
  manager: KeyManager,
  licenceKey: string,
  fingerprint: string,
  store: CertificateStore,
  publicKeys: readonly string[] = PUBLIC_KEYS,
): Promise<LicensePayload> {
  try {
    // Activating the same fingerprint again counts once, so this is safe at every start.
    await manager.activate(licenceKey, fingerprint);
    const { certificate } = await manager.checkoutLicense(licenceKey, fingerprint, OFFLINE_DAYS * 86_400);
    store.setItem(STORED, certificate);
  } catch (error) {
    // No answer (statusCode 0), rate limited or a server error: the service is out of reach, use
    // the stored certificate. Any other answer is a refusal (disabled or deleted key, limit
    // reached): forget the certificate and let the caller stop the app.
    const unreachable =
      error instanceof KeyManagerException &&
      (error.statusCode === 0 || error.statusCode === 429 || error.statusCode >= 500);
    if (!unreachable) {
      store.removeItem(STORED);
      throw error;
    }
  }
  const certificate = store.getItem(STORED);
  if (!certificate) throw new Error('Connect to the internet once to activate this device.');
  // Throws LicenseExpiredError after OFFLINE_DAYS without an online check, LicenseSignatureError if
  // edited, LicenseFingerprintMismatchError if copied from another device.
  return verifyLicense(certificate, publicKeys, { fingerprint });
}
