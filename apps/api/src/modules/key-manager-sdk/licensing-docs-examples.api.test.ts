// The REST docs' licensing examples (ReactJS/TypeScript files and curl commands, the signed check with
// OpenSSL included) run against the real server as a developer would paste them (decision 032).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  KEY_PRODUCT_PATHS,
  LICENSE_PATHS,
  KEY_MANAGER_PATHS as P,
  type PolicyResponse,
  type ProductResponse,
  type SigningKeysResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { givePrivatePlan, newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { repoRoot } from './java-kit.test.js';

const docs = path.join(repoRoot, 'apps/web/src/features/developer-docs');
const load = (file: string) => import(pathToFileURL(path.join(docs, file)).href);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function seller() {
  const dev = await newDeveloper(server);
  await givePrivatePlan(server, dev.email, dev.productId, 1000);
  const product = await dev.request<ProductResponse>(KEY_PRODUCT_PATHS.products, {
    body: { code: 'studio', name: 'Studio' },
    token: dev.token,
  });
  const policy = async (body: Record<string, unknown>) =>
    (
      await dev.request<PolicyResponse>(KEY_PRODUCT_PATHS.policies, {
        body: { productId: product.body.product.id, ...body },
        token: dev.token,
      })
    ).body.policy;
  const yearly = await policy({
    name: 'Yearly',
    maxActivations: 3,
    duration: { count: 1, unit: 'year' },
    entitlements: { pro: true, seats: 5 },
  });
  await policy({ name: 'Trial', kind: 'trial', duration: { count: 14, unit: 'day' } });
  const issue = async () => {
    const added = await dev.request<{ key: { key: string } }>(P.addKey, {
      body: { policyId: yearly.id },
      token: dev.token,
    });
    expect(added.status).toBe(200);
    return added.body.key.key;
  };
  const keys = await dev.request<SigningKeysResponse>(LICENSE_PATHS.signingKeys, { token: dev.token });
  const current = keys.body.signingKeys.find((key) => key.state === 'current')!;
  return {
    dev,
    issue,
    secret: await dev.apiKey('secret'),
    publishable: await dev.apiKey('publishable'),
    publicKey: current,
  };
}

describe('licensing docs examples against the real server', () => {
  it('ReactJS examples', async () => {
    const s = await seller();
    const base = server.baseUrl;
    const v = await load('examples/validate-key.tsx');
    const key = await s.issue();
    expect(await v.validateKey(s.publishable, key, 'fp-1', [], base)).toMatchObject({
      valid: false,
      code: 'NOT_ACTIVATED',
    });
    expect(await v.validateDevice(s.publishable, key, 'fp-1', ['pro'], base)).toMatchObject({
      valid: true,
      code: 'VALID',
      key: { keyStatus: 'active', product: 'studio' },
    });
    expect(await v.validateKey(s.publishable, key, 'fp-1', ['enterprise'], base)).toMatchObject({
      valid: false,
      code: 'ENTITLEMENTS_MISSING',
    });
    const t = await load('examples/start-trial.tsx');
    const trial = await t.startTrial(s.publishable, 'fp-trial', 'ada@example.com', base);
    expect(trial).toMatchObject({ message: 'Trial started', keyStatus: 'trial' });
    await expect(t.startTrial(s.publishable, 'fp-trial', undefined, base)).rejects.toThrow(
      'already had a trial',
    );
    const c = await load('examples/convert-trial.tsx');
    await expect(c.convertTrial(s.publishable, trial.key, {}, undefined, base)).rejects.toThrow(
      'A publishable key',
    );
    expect(
      await c.convertTrial(s.secret, trial.key, { customerRef: 'cus_1' }, undefined, base),
    ).toMatchObject({
      message: 'Trial converted',
      keyStatus: 'active',
      trial: false,
      customer: { ref: 'cus_1' },
    });
    await expect(c.convertTrial(s.secret, trial.key, {}, undefined, base)).rejects.toThrow('not a trial');
    const r = await load('examples/renew-key.tsx');
    const renewed = await r.renewKey(s.secret, key, undefined, base);
    expect(renewed.message).toBe('Key renewed');
    expect(await r.renewKey(s.secret, key, '2030-01-01T00:00:00Z', base)).toMatchObject({
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    const su = await load('examples/suspend-key.tsx');
    expect(await su.suspendKey(s.secret, key, true, base)).toMatchObject({
      message: 'Key suspended',
      keyStatus: 'suspended',
    });
    expect(await v.validateKey(s.publishable, key, 'fp-1', [], base)).toMatchObject({ code: 'SUSPENDED' });
    expect(await su.suspendKey(s.secret, key, false, base)).toMatchObject({
      message: 'Key reinstated',
      keyStatus: 'active',
    });
  });

  it('the signed licence check: online, offline, clock turned back', async () => {
    const s = await seller();
    const check = await load('examples/signed-licence-check.ts');
    const items = new Map<string, string>();
    const store = {
      getItem: (n: string) => items.get(n) ?? null,
      setItem: (n: string, v: string) => void items.set(n, v),
      removeItem: (n: string) => void items.delete(n),
    };
    const key = await s.issue();
    const options = {
      apiKey: s.publishable,
      publicKeys: [s.publicKey.publicKeyBase64],
      baseUrl: server.baseUrl,
    };
    expect(await check.checkLicence(key, 'fp-signed', store, options)).toMatchObject({
      licensed: true,
      online: true,
    });
    expect(items.get('licence-certificate')).toBeTruthy();
    const offline = { ...options, baseUrl: 'http://127.0.0.1:9' };
    expect(await check.checkLicence(key, 'fp-signed', store, offline)).toMatchObject({
      licensed: true,
      online: false,
    });
    // Another owner's key does not verify: the reply is no answer, the certificate carries on.
    const other = await seller();
    expect(
      await check.checkLicence(key, 'fp-signed', store, {
        ...options,
        publicKeys: [other.publicKey.publicKeyBase64],
      }),
    ).toMatchObject({ licensed: false }); // the stored certificate is not signed by "other" either
    items.set('licence-last-seen', String(Date.now() + 3_600_000));
    expect(await check.checkLicence(key, 'fp-signed', store, offline)).toMatchObject({ licensed: false });
  });

  it('curl examples run as pasted', async () => {
    const s = await seller();
    const { CURL_EXAMPLES, SIGNED_REPLY_CURL } = await load('content/curl-examples.ts');
    const key = await s.issue();
    const run = async (code: string, licence = key, cwd?: string) =>
      (
        await promisify(execFile)(
          'bash',
          [
            '-c',
            code
              .replace("'http://localhost:3000'", `'${server.baseUrl}'`)
              .replace("'km_pub_…'", `'${s.publishable}'`)
              .replace("'km_live_…'", `'${s.secret}'`)
              .replace("'YOUR-LICENCE-KEY'", `'${licence}'`),
          ],
          { encoding: 'utf8', cwd },
        )
      ).stdout;
    const json = async (code: string, licence?: string) => JSON.parse(await run(code, licence));
    const order = [
      'getKeyInformation',
      'activate',
      'heartbeat',
      'validateKey',
      'deactivate',
      'markKeyAsUsable',
    ];
    const results: Record<string, unknown> = {};
    for (const name of order) results[name] = await json(CURL_EXAMPLES[name].code);
    expect(results).toMatchObject({
      getKeyInformation: { status: 'ok', keyStatus: 'active' },
      activate: { status: 'ok', message: 'Key activated' },
      heartbeat: { status: 'ok', message: 'Heartbeat recorded' },
      validateKey: { status: 'ok', valid: true, code: 'VALID' },
      deactivate: { status: 'ok', message: 'Key deactivated' },
      markKeyAsUsable: { status: 'ok', message: 'Key disabled', keyStatus: 'disabled' },
    });
    expect(await json(CURL_EXAMPLES.renewKey.code)).toMatchObject({ status: 'ok', message: 'Key renewed' });
    expect(await json(CURL_EXAMPLES.suspendKey.code)).toMatchObject({ status: 'ok', keyStatus: 'disabled' });
    const trial = await json(CURL_EXAMPLES.startTrial.code);
    expect(trial).toMatchObject({ status: 'ok', message: 'Trial started', keyStatus: 'trial' });
    expect(await json(CURL_EXAMPLES.convertTrial.code, trial.key)).toMatchObject({
      status: 'ok',
      message: 'Trial converted',
      customer: { email: 'ada@example.com', ref: 'cus_42' },
    });
    expect(await json(CURL_EXAMPLES.deleteKey.code)).toMatchObject({ status: 'ok', message: 'Key deleted' });

    // Signed reply verified by OpenSSL; then with another owner's public key it must fail.
    const fresh = await s.issue();
    const dir = mkdtempSync(path.join(tmpdir(), 'licdocs-'));
    writeFileSync(path.join(dir, 'public-key.pem'), s.publicKey.publicKeyPem);
    const out = await run(SIGNED_REPLY_CURL.code, fresh, dir);
    expect(out).toContain(`signed by key ${s.publicKey.id}`);
    expect(out).toContain('Signature Verified Successfully');
    expect(out).toContain('"code":"VALID"');
    const other = await seller();
    writeFileSync(path.join(dir, 'public-key.pem'), other.publicKey.publicKeyPem);
    await expect(run(SIGNED_REPLY_CURL.code, fresh, dir)).rejects.toThrow();
  });
});
