import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { newDeveloper } from './developer-kit.test.js';
import { ensureSdkPacked, SDK_PACKAGE_NAME, SDK_TARBALL } from './typescript-package-kit.test.js';

// The packed TypeScript SDK as a stranger gets it: downloaded from /media, installed with npm into an
// empty folder outside the monorepo (no workspace, no @app/contract), type-checked by tsc and run by
// Node as ESM and as CommonJS against the real server. Asynchronous children only: the server lives
// in this process and must keep answering while they run.
const run = promisify(execFile);
const tsc = path.resolve(import.meta.dirname, '../../../../../node_modules/typescript/bin/tsc');

let server: TestServer;
let consumer: string;
let tarball: string;

beforeAll(async () => {
  ensureSdkPacked();
  server = await startTestServer();
  consumer = mkdtempSync(path.join(tmpdir(), 'key-manager-consumer-'));
  const download = await fetch(`${server.baseUrl}/media/${SDK_TARBALL}`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/gzip');
  tarball = path.join(consumer, SDK_TARBALL);
  writeFileSync(tarball, Buffer.from(await download.arrayBuffer()));
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (consumer) rmSync(consumer, { recursive: true, force: true });
});

/** The consumer's code, with the server, API key and licence key written in. */
function consumerSource(kind: 'esm' | 'cjs', baseUrl: string, apiKey: string, licenceKey: string): string {
  const body = `
  const manager = new KeyManager(${JSON.stringify(apiKey)}, { baseUrl: ${JSON.stringify(baseUrl)} });
  const { keyInformation } = await manager.getKeyInformation(${JSON.stringify(licenceKey)});
  // Fails to compile when keyInformation is \`any\` (the bug this test guards against)…
  type IsAny<T> = 0 extends 1 & T ? true : false;
  const notAny: IsAny<typeof keyInformation> = false;
  const typed: PublicKeyInformation = keyInformation;
  const maxActivations: number = typed.maxActivations;
  // …and so does this line when it is not: the directive itself is an error if nothing is wrong.
  // @ts-expect-error noSuchField is not part of the key information
  void keyInformation.noSuchField;
  let refused = '';
  try {
    await manager.getKeyInformation('NO-SUCH-KEY');
  } catch (error) {
    if (error instanceof KeyNotFoundException) refused = error.name;
  }
  console.log(JSON.stringify({ kind: ${JSON.stringify(kind)}, notAny, maxActivations, keyInformation, refused }));`;
  const imports = `import { KeyManager, KeyNotFoundException, type PublicKeyInformation } from '${SDK_PACKAGE_NAME}';`;
  return kind === 'esm'
    ? `${imports}\n${body}\n`
    : `${imports}\nasync function main(): Promise<void> {${body}\n}\nvoid main();\n`;
}

/** The downloaded tarball unpacked into `unpacked` (once); returns its file names as tar lists them. */
let unpacking: Promise<string[]> | undefined;
let unpacked = '';
function unpackedFiles(): Promise<string[]> {
  unpacking ??= (async () => {
    unpacked = path.join(consumer, 'unpacked');
    mkdirSync(unpacked);
    const listing = await run('tar', ['xzvf', tarball, '-C', unpacked]);
    return listing.stdout.split('\n').filter((name) => name && !name.endsWith('/'));
  })();
  return unpacking;
}

describe('the packed TypeScript SDK in a project outside the monorepo', () => {
  it('installs from the downloaded tarball, type-checks with keyInformation typed, and runs as ESM and CJS', async () => {
    const developer = await newDeveloper(server);
    const licence = await developer.addKey(4);
    const apiKey = await developer.apiKey();

    writeFileSync(
      path.join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    // --offline: the package has no dependencies, so nothing is fetched from a registry.
    await run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], {
      cwd: consumer,
    });
    const installed = JSON.parse(
      readFileSync(path.join(consumer, 'node_modules', SDK_PACKAGE_NAME, 'package.json'), 'utf8'),
    ) as { dependencies?: object; name: string };
    expect(installed.name).toBe(SDK_PACKAGE_NAME);
    expect(installed.dependencies).toBeUndefined();

    const src = path.join(consumer, 'src');
    mkdirSync(src);
    writeFileSync(path.join(src, 'esm.mts'), consumerSource('esm', server.baseUrl, apiKey, licence.key));
    writeFileSync(path.join(src, 'cjs.cts'), consumerSource('cjs', server.baseUrl, apiKey, licence.key));
    writeFileSync(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          // The package's own .d.ts files are checked too: they must stand alone.
          skipLibCheck: false,
          outDir: 'out',
        },
        include: ['src'],
      }),
    );
    const compiled = await run(process.execPath, [tsc, '-p', consumer]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
    );
    expect(compiled.stdout).toBe('');

    const expected = {
      notAny: false,
      maxActivations: 4,
      keyInformation: {
        id: licence.id,
        key: licence.key,
        maxActivations: 4,
        currentActivations: 0,
        isActive: true,
        keyStatus: 'active',
        expiresAt: null,
        product: 'default',
        trial: false,
        entitlements: {},
        metadata: {},
        customer: { name: null, email: null, ref: null },
      },
      refused: 'KeyNotFoundException',
    };
    const esm = await run(process.execPath, [path.join(consumer, 'out/esm.mjs')]);
    expect(JSON.parse(esm.stdout)).toEqual({ kind: 'esm', ...expected });
    const cjs = await run(process.execPath, [path.join(consumer, 'out/cjs.cjs')]);
    expect(readFileSync(path.join(consumer, 'out/cjs.cjs'), 'utf8')).toContain(
      `require("${SDK_PACKAGE_NAME}")`,
    );
    expect(JSON.parse(cjs.stdout)).toEqual({ kind: 'cjs', ...expected });
  }, 60_000);

  // The archive is unpacked once, by one tar process: a tar per file (30 of them) outlasted the test's
  // time limit on a loaded CI machine.
  it('ships ESM, CJS, their types with no workspace imports, the licence and the README', async () => {
    const files = await unpackedFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'package/LICENSE',
        'package/README.md',
        'package/dist/esm/index.js',
        'package/dist/esm/index.d.ts',
        'package/dist/cjs/index.js',
        'package/dist/cjs/index.d.ts',
      ]),
    );
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
    for (const file of files.filter((name) => name.startsWith('package/dist/'))) {
      expect(readFileSync(path.join(unpacked, file), 'utf8'), file).not.toContain('@app/');
    }
  });

  it('ships a README and a package.json written for a stranger, with nothing about the monorepo', async () => {
    await unpackedFiles();
    const readme = readFileSync(path.join(unpacked, 'package/README.md'), 'utf8');
    expect(readme).toContain('## Offline licences');
    expect(readme).not.toContain('In this repository');
    expect(readme).not.toContain('@app/');
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package/package.json'), 'utf8')) as {
      name: string;
      devDependencies?: object;
      scripts?: object;
    };
    expect(manifest.name).toBe(SDK_PACKAGE_NAME);
    expect(manifest.devDependencies).toBeUndefined();
    expect(manifest.scripts).toBeUndefined();
    expect(JSON.stringify(manifest)).not.toContain('@app/');
  });
});
