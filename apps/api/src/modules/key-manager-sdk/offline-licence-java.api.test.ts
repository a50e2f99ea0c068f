import { LICENSE_PATHS, licensePath, type SigningKeysResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { newDeveloper } from './developer-kit.test.js';
import { downloadAndCompile, ensureJarBuilt, runJava } from './java-kit.test.js';

// Decision 024 with the Java library downloaded from the server: check out a licence, stop the
// server, verify it offline (and see altered, expired and other-device certificates refused).
let server: TestServer | undefined;
let stopped = false;

beforeAll(async () => {
  ensureJarBuilt();
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  if (!stopped) await server?.close();
});

describe('Java library offline licences', () => {
  it('verifies a checked-out certificate with the server stopped', async () => {
    if (!server) throw new Error('no server');
    const classpath = await downloadAndCompile(server.baseUrl, ['integration']);
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(2);
    const apiKey = await developer.apiKey('publishable');
    const request = httpClient(server.baseUrl);
    const saved = await request(licensePath(LICENSE_PATHS.entitlements, licence.id), {
      method: 'PUT',
      body: { entitlements: { tier: 'pro' } },
      token: developer.token,
    });
    expect(saved.status).toBe(200);
    const fingerprint = 'workstation-42';
    const args = (mode: string) => [mode, server?.baseUrl ?? '', apiKey, licence.key, fingerprint];

    const checkout = await runJava(classpath, 'OfflineLicenseWalkthrough', args('checkout'));
    expect(checkout.stderr).toBe('');
    const certificate = /^CERTIFICATE (\S+)$/m.exec(checkout.stdout)?.[1];
    expect(certificate).toBeDefined();
    const keys = await request<SigningKeysResponse>(LICENSE_PATHS.signingKeys, { token: developer.token });
    const publicKey = keys.body.signingKeys[0]?.publicKeyBase64 ?? '';

    await server.close();
    stopped = true;
    const verify = await runJava(classpath, 'OfflineLicenseWalkthrough', [
      ...args('verify'),
      certificate ?? '',
      publicKey,
    ]);
    expect(verify.stderr).toBe('');
    expect(verify.stdout).toContain('online check failed: APIConnectionException');
    expect(verify.stdout).toContain('refused: LicenseFingerprintMismatchException');
    expect(verify.stdout).toContain('refused: LicenseSignatureException');
    expect(verify.stdout).toContain('refused: LicenseExpiredException');
    expect(verify.stdout).toContain('OFFLINE OK');
    expect(verify.status).toBe(0);
  }, 180_000);
});
