import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { repoRoot } from './java-kit.test.js';
import { newSeller } from './licensing-kit.test.js';

// The TypeScript SDK README's licensing examples run exactly as printed (each block after a
// `<!-- readme-example: name -->` line), as Node programs against the real server. They are written
// inside the repository (.tmp/, ignored by git) so `@northwind/key-manager` resolves to the workspace
// package, and run with tsx on its TypeScript source. Asynchronous children only: the server lives in
// this process.
const run = promisify(execFile);
const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
const readme = readFileSync(path.join(repoRoot, 'packages/key-manager-js/README.md'), 'utf8');
let server: TestServer;
let work: string;

function example(name: string): string {
  const match = new RegExp(`<!-- readme-example: ${name} -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error(`README has no example ${name}`);
  return match[1];
}

async function runExample(name: string, args: string[], env: Record<string, string>): Promise<string[]> {
  const file = path.join(work, `${name}.mts`);
  writeFileSync(file, example(name));
  const { stdout } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', file, ...args], {
    cwd: work,
    env: { ...process.env, ...env },
  });
  return stdout.trim().split('\n');
}

/** A loopback address where nothing listens: the service is out of reach. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  server = await startTestServer();
  work = path.join(repoRoot, '.tmp', `readme-examples-${randomBytes(4).toString('hex')}`);
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the TypeScript SDK README’s licensing examples', () => {
  it('type-check in strict mode', async () => {
    const names = [...readme.matchAll(/<!-- readme-example: (\S+) -->/g)].map((match) => match[1] ?? '');
    expect(names).toEqual(['validate', 'trial', 'server', 'signed-check']);
    const dir = path.join(work, 'typecheck');
    mkdirSync(dir);
    for (const name of names) writeFileSync(path.join(dir, `${name}.mts`), example(name));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: true,
          customConditions: ['source'],
        },
        include: ['*.mts'],
      }),
    );
    const checked = await run(process.execPath, [tsc, '-p', dir]).catch((error: { stdout: string }) => error);
    expect(checked.stdout).toBe('');
  }, 120_000);

  it('validate, trial and the server-side operations print what the README says', async () => {
    const seller = await newSeller(server);
    const licence = await seller.issueKey();
    const app = {
      KEY_MANAGER_API_KEY: await seller.apiKey('publishable'),
      KEY_MANAGER_BASE_URL: server.baseUrl,
    };

    expect(await runExample('validate', [licence.key, 'pc-1'], app)).toEqual(['activated this device']);
    const [valid] = await runExample('validate', [licence.key, 'pc-1'], app);
    expect(valid).toMatch(/^VALID until \d{4}-\d\d-\d\dT[\d:.]+Z, seats: 5$/);

    const [trial] = await runExample('trial', ['pc-7', 'cy@example.com'], app);
    expect(trial).toMatch(/^trial trial until \d{4}-/);
    expect(await runExample('trial', ['pc-7', 'cy@example.com'], app)).toEqual([
      'this device already had its trial',
    ]);

    const trialKey = (await seller.keys()).find((key) => key.trial)?.key;
    if (!trialKey) throw new Error('the trial made no key');
    const backend = { KEY_MANAGER_API_KEY: await seller.apiKey(), KEY_MANAGER_BASE_URL: server.baseUrl };
    const [converted, renewed, reinstated] = await runExample('server', [trialKey], backend);
    expect(converted).toBe('Trial converted active');
    expect(renewed).toMatch(/^Key renewed \d{4}-/);
    expect(reinstated).toBe('Key reinstated active');
  }, 120_000);

  it('the signed online check falls back to the stored certificate offline, and refuses a clock turned back', async () => {
    // The example checks signed replies against the real clock: the server's (manual) one must agree.
    server.clock.set(new Date());
    const seller = await newSeller(server);
    const licence = await seller.issueKey();
    const env = {
      KEY_MANAGER_API_KEY: await seller.apiKey('publishable'),
      KEY_MANAGER_BASE_URL: server.baseUrl,
      LICENSE_PUBLIC_KEY: seller.signingKey.publicKeyBase64,
    };
    const args = [licence.key, 'pc-1'];

    expect(await runExample('signed-check', args, env)).toEqual(['online: VALID', 'licensed']);
    const lastSeen = Date.parse(readFileSync(path.join(work, 'last-seen.txt'), 'utf8'));
    expect(Math.abs(lastSeen - server.clock.now().getTime())).toBeLessThan(60_000);

    const offline = { ...env, KEY_MANAGER_BASE_URL: await closedPortUrl() };
    const [until, verdict] = await runExample('signed-check', args, offline);
    expect(until).toMatch(/^offline: licensed until \d{4}-/);
    expect(verdict).toBe('licensed');

    // A time two days ahead was already proved: this clock has been turned back.
    writeFileSync(path.join(work, 'last-seen.txt'), new Date(Date.now() + 2 * 86_400_000).toISOString());
    expect(await runExample('signed-check', args, offline)).toEqual([
      'offline: clock_tampered',
      'not licensed',
    ]);
  }, 120_000);
});
