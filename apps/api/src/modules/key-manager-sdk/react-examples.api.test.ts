import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from './developer-kit.test.js';
import { repoRoot } from './java-kit.test.js';

// The ReactJS examples the documentation pages show (apps/web/.../developer-docs/examples) are run
// here against the real server, so a page never shows code that does not work. They are loaded by
// file URL because they are web code (typechecked by the web project, not this one).
const examplesDir = path.join(repoRoot, 'apps/web/src/features/developer-docs/examples');

interface KeyState {
  status: 'ok';
  message?: string;
  currentActivations: number;
  maxActivations: number;
  isActive: boolean;
}
type Call<Args extends unknown[]> = (apiKey: string, key: string, ...rest: Args) => Promise<KeyState>;
interface Examples {
  callKeyManager: (operation: string, body: object, apiKey: string, baseUrl: string) => Promise<unknown>;
  getKeyInformation: Call<[string]>;
  /** (publishable key, licence key, fingerprint, base URL) */
  activateKey: Call<[string, string]>;
  deactivateKey: Call<[string, string]>;
  markKeyAsUsable: Call<[boolean, string]>;
  deleteKey: Call<[string]>;
}

async function loadExamples(): Promise<Examples> {
  const files = [
    'authentication',
    'get-key-information',
    'activate-key',
    'deactivate-key',
    'mark-key-as-usable',
  ];
  const modules = await Promise.all(
    [...files, 'delete-key'].map((name) => import(pathToFileURL(path.join(examplesDir, `${name}.tsx`)).href)),
  );
  return Object.assign({}, ...modules) as Examples;
}

let server: TestServer;
let examples: Examples;

beforeAll(async () => {
  server = await startTestServer();
  examples = await loadExamples();
});

afterAll(async () => {
  await server?.close();
});

describe('ReactJS documentation examples against the real server', () => {
  it('each operation does what its page says', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(1);
    // The pages: publishable key in the app for information and this device, secret key for the rest.
    const publishable = await developer.apiKey('publishable');
    const apiKey = await developer.apiKey();
    const base = server.baseUrl;

    expect(await examples.getKeyInformation(publishable, licence.key, base)).toMatchObject({
      maxActivations: 1,
      currentActivations: 0,
      isActive: true,
    });
    expect(await examples.activateKey(publishable, licence.key, 'laptop', base)).toMatchObject({
      message: 'Key activated',
      currentActivations: 1,
    });
    expect(await examples.activateKey(publishable, licence.key, 'laptop', base)).toMatchObject({
      message: 'Key already activated on this device',
      currentActivations: 1,
    });
    await expect(examples.activateKey(publishable, licence.key, 'desktop', base)).rejects.toThrow(
      'Activation limit reached',
    );
    expect((await examples.deactivateKey(publishable, licence.key, 'laptop', base)).currentActivations).toBe(
      0,
    );
    await expect(examples.deactivateKey(publishable, licence.key, 'laptop', base)).rejects.toThrow(
      'This device is not activated for the key',
    );
    // The publishable key cannot disable or delete: those examples need the secret key.
    await expect(examples.markKeyAsUsable(publishable, licence.key, false, base)).rejects.toThrow(
      'A publishable key',
    );
    await expect(examples.deleteKey(publishable, licence.key, base)).rejects.toThrow('A publishable key');
    expect(await examples.markKeyAsUsable(apiKey, licence.key, false, base)).toMatchObject({
      isActive: false,
    });
    await expect(examples.activateKey(publishable, licence.key, 'laptop', base)).rejects.toThrow(
      'Key is disabled',
    );
    expect(await examples.markKeyAsUsable(apiKey, licence.key, true, base)).toMatchObject({ isActive: true });
    expect((await examples.deleteKey(apiKey, licence.key, base)).message).toBe('Key deleted');
    await expect(examples.getKeyInformation(apiKey, licence.key, base)).rejects.toThrow(
      'Invalid Key Provided',
    );
  });

  it('the authentication helper passes the bearer API key and reports a wrong one', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(1);
    const apiKey = await developer.apiKey();
    await expect(
      examples.callKeyManager('get-key-information', { key: licence.key }, apiKey, server.baseUrl),
    ).resolves.toMatchObject({ status: 'ok', key: licence.key });
    await expect(
      examples.callKeyManager('get-key-information', { key: licence.key }, 'km_wrong', server.baseUrl),
    ).rejects.toThrow('Invalid API key');
  });
});
