import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { downloadAndCompile, ensureJarBuilt, repoRoot, runJava } from './java-kit.test.js';
import { newSeller } from './licensing-kit.test.js';

// Licensing (decision 032) through the Java library downloaded from this server's /media area, in a
// real JVM against the real server: integration/LicensingWalkthrough.java, run before and after the
// server's clock passes the key's expiry, and the README's licensing examples (examples/*.java).
let server: TestServer;
let classpath: string;
let home: string;

beforeAll(async () => {
  ensureJarBuilt();
  server = await startTestServer();
  classpath = await downloadAndCompile(server.baseUrl, ['integration', 'examples']);
  home = mkdtempSync(path.join(tmpdir(), 'key-manager-java-home-'));
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

/** A loopback address where nothing listens: the service is out of reach. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Lines without their indentation, so an excerpt matches wherever the file nests it. */
const unindented = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();

describe('Java library licensing against the real server', () => {
  it('validates, suspends, renews, runs a trial, verifies signed replies, then sees the key expire', async () => {
    // The JVM signs nothing but checks signed replies against its own clock: the server's (manual)
    // clock must read the real time, whatever an earlier test did with it.
    server.clock.set(new Date());
    const seller = await newSeller(server);
    const licence = await seller.issueKey({ customerEmail: 'jo@example.com' });
    const secret = await seller.apiKey();
    const publishable = await seller.apiKey('publishable');

    const online = await runJava(classpath, 'LicensingWalkthrough', [
      'online',
      server.baseUrl,
      secret,
      publishable,
      licence.key,
      seller.standard.id,
      seller.signingKey.publicKeyBase64,
      seller.signingKey.id,
    ]);
    expect(online.stderr).toBe('');
    expect(online.stdout).toContain('refused: KeySuspendedException');
    expect(online.stdout).toContain('refused: TrialUsedException');
    expect(online.stdout).toContain('refused: ClockTamperedException');
    // A second trial left to run out: its certificate (asked for 30 days) ends with it.
    expect(online.stdout).toContain("ok: trial's certificate ends with the trial");
    expect(online.stdout).toContain('refused offline: LicenseExpiredException');
    const trialKey = /^trial key: (\S+)$/m.exec(online.stdout)?.[1];
    if (!trialKey) throw new Error(`no trial key in: ${online.stdout}`);
    expect(online.stdout).toContain('LICENSING OK');
    expect(online.status).toBe(0);

    // The walkthrough renewed the key to 400 days from now (and the trial ends in 14): go past that.
    server.clock.advance(401 * 86_400_000);
    const expired = await runJava(classpath, 'LicensingWalkthrough', [
      'expired',
      server.baseUrl,
      secret,
      licence.key,
      publishable,
      trialKey,
    ]);
    expect(expired.stderr).toBe('');
    expect(expired.stdout).toContain('refused: KeyExpiredException');
    expect(expired.stdout).toContain('ok: trial expired, refused');
    expect(expired.stdout.match(/refused: TrialExpiredException/g)).toHaveLength(2);
    expect(expired.stdout).toContain('LICENSING OK');
    expect(expired.status).toBe(0);
  }, 180_000);

  it('shows in the README verbatim excerpts of the examples', () => {
    const readme = readFileSync(path.join(repoRoot, 'sdks/java/README.md'), 'utf8');
    const blocks = [...readme.matchAll(/<!-- example: (\S+) -->\n```java\n([\s\S]*?)```/g)];
    expect(blocks.map((block) => block[1])).toEqual([
      'examples/ValidateKey.java',
      'examples/StartTrial.java',
      'examples/ManageLicence.java',
      'examples/SignedLicenseCheck.java',
    ]);
    for (const [, file = '', code = ''] of blocks) {
      const source = readFileSync(path.join(repoRoot, 'sdks/java', file), 'utf8');
      expect(unindented(source), file).toContain(unindented(code));
    }
  });

  it('runs the licensing examples as the README shows them', async () => {
    // The examples check signed replies against the real clock (the walkthrough moved the server's).
    server.clock.set(new Date());
    const seller = await newSeller(server);
    const licence = await seller.issueKey();
    const app = {
      KEY_MANAGER_API_KEY: await seller.apiKey('publishable'),
      KEY_MANAGER_BASE_URL: server.baseUrl,
    };
    const example = async (main: string, args: string[], env: Record<string, string>) => {
      const run = await runJava(classpath, main, args, env);
      expect(run.stderr, `${main} stderr`).toBe('');
      expect(run.status, `${main} exit code`).toBe(0);
      return run.stdout.trim().split('\n');
    };

    expect(await example('ValidateKey', [licence.key, 'pc-1'], app)).toEqual(['activated this device']);
    const [valid] = await example('ValidateKey', [licence.key, 'pc-1'], app);
    expect(valid).toMatch(/^VALID until \d{4}-\d\d-\d\dT[\d:.]+Z, seats: 5$/);

    expect((await example('StartTrial', ['pc-7', 'jo@example.com'], app))[0]).toMatch(
      /^trial trial until \d{4}-/,
    );
    expect(await example('StartTrial', ['pc-7', 'jo@example.com'], app)).toEqual([
      'this device already had its trial',
    ]);
    const trialKey = (await seller.keys()).find((key) => key.trial)?.key;
    if (!trialKey) throw new Error('the trial made no key');
    const backend = { KEY_MANAGER_API_KEY: await seller.apiKey(), KEY_MANAGER_BASE_URL: server.baseUrl };
    const [converted, renewed, reinstated] = await example('ManageLicence', [trialKey], backend);
    expect(converted).toBe('Trial converted active');
    expect(renewed).toMatch(/^Key renewed \d{4}-/);
    expect(reinstated).toBe('Key reinstated active');

    const signed = { ...app, LICENSE_PUBLIC_KEY: seller.signingKey.publicKeyBase64 };
    const args = [licence.key, 'pc-1', home];
    expect(await example('SignedLicenseCheck', args, signed)).toEqual(['online: VALID', 'licensed']);
    const offline = { ...signed, KEY_MANAGER_BASE_URL: await closedPortUrl() };
    const [until, verdict] = await example('SignedLicenseCheck', args, offline);
    expect(until).toMatch(/^offline: licensed until \d{4}-/);
    expect(verdict).toBe('licensed');
    // A time two days ahead was already proved: this clock has been turned back.
    writeFileSync(
      path.join(home, '.myapp', 'last-seen.txt'),
      new Date(Date.now() + 2 * 86_400_000).toISOString(),
    );
    expect(await example('SignedLicenseCheck', args, offline)).toEqual([
      'offline: LicenseClockTamperedException',
      'not licensed',
    ]);
  }, 180_000);
});
