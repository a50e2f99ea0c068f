import { createServer } from 'node:net';
import {
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  KEY_MANAGER_PATHS,
  PUBLISHABLE_KEY_FINGERPRINT_MESSAGE,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from './developer-kit.test.js';
import { downloadAndCompile, ensureJarBuilt, runJava } from './java-kit.test.js';

// The Java library, downloaded from this server's /media area, against the real public REST API.
let server: TestServer;
let classpath: string;

/** A loopback address where nothing listens, for the connection-failure check. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  ensureJarBuilt();
  server = await startTestServer();
  classpath = await downloadAndCompile(server.baseUrl, ['examples', 'integration']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('Java library against the real server', () => {
  it('walks through every operation and every typed exception', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(3);
    const apiKey = await developer.apiKey();
    const other = await newDeveloper(server);
    const otherLicence = await other.addKey(1);
    const otherApiKey = await other.apiKey();

    const run = await runJava(classpath, 'LibraryWalkthrough', [
      server.baseUrl,
      apiKey,
      licence.key,
      await closedPortUrl(),
      otherApiKey,
      otherLicence.key,
    ]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('WALKTHROUGH OK');
    expect(run.status).toBe(0);

    // The dashboard sees the library's changes: the key is gone.
    expect((await developer.keys()).map((k) => k.key)).not.toContain(licence.key);
  }, 120_000);

  it('runs the documentation examples exactly as the pages show them', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(3);
    const env = { KEY_MANAGER_API_KEY: await developer.apiKey(), KEY_MANAGER_BASE_URL: server.baseUrl };
    const example = async (main: string) => {
      const run = await runJava(classpath, main, [licence.key], env);
      expect(run.stderr, `${main} stderr`).toBe('');
      expect(run.status, `${main} exit code`).toBe(0);
      return run.stdout.trim();
    };

    expect(await example('GettingStarted')).toBe(`Connected to ${server.baseUrl}; key usable: true`);
    expect(await example('GetKeyInformation')).toBe(`id: ${licence.id}\nactivations: 0 of 3\nusable: true`);
    expect(await example('ActivateKey')).toBe('Key activated');
    expect(await example('DeactivateKey')).toBe('Key deactivated');
    expect(await example('DeactivateKey')).toBe('Refused: Key has no activations to deactivate');
    expect(await example('DisableKey')).toBe('Key disabled');
    expect(await example('ActivateKey')).toBe('Refused: Key is disabled');
    expect(await example('EnableKey')).toBe('Key enabled');
    expect(await example('ActivateKey')).toBe('Key activated');
    expect(await example('DeleteKey')).toBe('Key deleted');
    expect(await example('GetKeyInformation')).toBe('Invalid Key Provided');
  }, 120_000);

  it('runs DeactivateKey with a publishable key and this device’s fingerprint, as an app shipped with it would', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(3);
    const publishableKey = await developer.apiKey('publishable');
    const env = { KEY_MANAGER_API_KEY: publishableKey, KEY_MANAGER_BASE_URL: server.baseUrl };
    const deactivate = async (args: string[]) => {
      const run = await runJava(classpath, 'DeactivateKey', args, env);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return run.stdout.trim();
    };
    const activated = await fetch(`${server.baseUrl}${KEY_MANAGER_PATHS.activateKey}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: licence.key, fingerprint: 'laptop-1' }),
    });
    expect(activated.status).toBe(200);

    expect(await deactivate([licence.key, 'laptop-1'])).toBe('Key deactivated');
    expect(await deactivate([licence.key, 'laptop-1'])).toBe(`Refused: ${FINGERPRINT_NOT_ACTIVATED_MESSAGE}`);
    // Without a fingerprint the publishable key is refused: that form is the secret key's.
    expect(await deactivate([licence.key])).toBe(`Refused: ${PUBLISHABLE_KEY_FINGERPRINT_MESSAGE}`);
  }, 120_000);
});
