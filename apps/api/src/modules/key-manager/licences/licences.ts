import type { AppDeps } from '../../../app-deps.js';
import { resolvePerInstallSecret } from '../../../platform/secrets/per-install-secret.js';
import { SecretBox } from '../../../platform/secrets/secret-box.js';
import type { Devices } from '../devices/devices.js';
import { KeyEntitlements } from './key-entitlements.js';
import { LicenceCheckout } from './licence-checkout.js';
import { licenceDashboardRoutes } from './licence-dashboard-routes.js';
import { SigningKeys } from './signing-keys.js';

/** DATA_DIR file holding the generated key material when LICENSE_SECRET_KEY is not set. */
export const LICENSE_SECRET_FILE = 'license-secret-key';
const PURPOSE = { salt: 'northwind-licences', info: 'licence signing key v1' };

/** Offline licences (decision 024): the services and the dashboard routes, built once. */
export function createLicences(deps: AppDeps, devices: Devices) {
  const db = deps.database.db;
  let box: Promise<SecretBox> | undefined;
  const secretBox = () => {
    box ??= resolvePerInstallSecret(
      deps.config.LICENSE_SECRET_KEY,
      deps.config.DATA_DIR,
      LICENSE_SECRET_FILE,
    ).then((material) => new SecretBox(material, PURPOSE));
    return box;
  };
  const signingKeys = new SigningKeys(db, deps.clock, secretBox);
  const entitlements = new KeyEntitlements(db, deps.clock);
  return {
    checkout: new LicenceCheckout(db, deps.clock, signingKeys, devices),
    // Also signs online replies on request (licensing/signed-replies.ts).
    signingKeys,
    routes: licenceDashboardRoutes(deps, signingKeys, entitlements),
  };
}
