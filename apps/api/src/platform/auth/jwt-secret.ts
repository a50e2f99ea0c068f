import { resolvePerInstallSecret } from '../secrets/per-install-secret.js';

/**
 * JWT_SECRET from the environment wins. Without it a random secret is generated once and kept in
 * DATA_DIR, so tokens survive restarts of a single instance. Several instances must share JWT_SECRET.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return resolvePerInstallSecret(configured, dataDir, 'jwt-secret');
}
