import { verifyWebhookSignature } from '@northwind/key-manager';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors.js';
import { SecretBox } from '../../../platform/secrets/secret-box.js';
import { checkEndpointUrl, isPublicAddress } from './address-policy.js';
import { excerpt } from './outbound-post.js';
import { generateSigningSecret, signatureHeader } from './signing.js';
import { minimumRetryWindowSeconds } from './webhook-delivery.js';

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '[::1]',
    'not-an-ip',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('endpoint addresses at registration', () => {
  const refusal = (url: string, allowPrivate = false) => {
    try {
      checkEndpointUrl(url, allowPrivate);
      return null;
    } catch (error) {
      return error instanceof AppError ? `${error.statusCode} ${error.message}` : String(error);
    }
  };

  it('refuses http://, literal non-public IPs and credentials in production', () => {
    expect(refusal('http://example.com/hook')).toMatch(/^400 Endpoints must use https/);
    for (const url of [
      'https://127.0.0.1/h',
      'https://10.0.0.5/h',
      'https://169.254.169.254/',
      'https://[::1]:8443/h',
    ]) {
      expect(refusal(url)).toMatch(/^400 That address is not reachable from the internet/);
    }
    expect(refusal('https://user:pw@example.com/')).toMatch(/^400 .*user name or password/);
    expect(refusal('https://example.com/hook')).toBeNull();
    expect(refusal('https://8.8.8.8/hook')).toBeNull();
  });

  it('allows http:// and private addresses when told to (trial, tests)', () => {
    expect(refusal('http://127.0.0.1:4000/h', true)).toBeNull();
    expect(refusal('ftp://example.com/', true)).toMatch(/^400/);
  });
});

describe('signing secrets at rest', () => {
  it('opens what it sealed, only for the same id and key material', () => {
    const box = new SecretBox('k'.repeat(40));
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const sealed = box.seal(secret, 'endpoint-1');
    expect(sealed).not.toContain(secret.slice(6));
    expect(box.open(sealed, 'endpoint-1')).toBe(secret);
    expect(() => box.open(sealed, 'endpoint-2')).toThrow();
    expect(() => new SecretBox('j'.repeat(40)).open(sealed, 'endpoint-1')).toThrow();
  });
});

describe('signature header', () => {
  it('matches the test vector the Java library is held to (WebhookSignatureTest)', () => {
    const body = '{"id":"evt_test","type":"key.created","created":1700000000,"data":{"key":{"id":"k"}}}';
    expect(signatureHeader('whsec_test-vector-secret', body, 1_700_000_000)).toBe(
      't=1700000000,v1=10dadb1378e6c09a30577615d957c410dfb5199ca0591a4ce77d4fac1977b74e',
    );
  });

  it('is what the SDK verifier accepts', async () => {
    const secret = generateSigningSecret();
    const t = Math.floor(Date.now() / 1000);
    const header = signatureHeader(secret, '{"a":1}', t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyWebhookSignature('{"a":1}', header, secret)).toBe(true);
  });
});

describe('response excerpt', () => {
  it('keeps at most the limit in bytes, whole characters, no control characters', () => {
    const text = excerpt(Buffer.from(`${'a'.repeat(1023)}é and more`), 1024);
    expect(text).toBe('a'.repeat(1023));
    expect(excerpt(Buffer.from('ok\u0000\u0007 done\n'), 1024)).toBe('ok done\n');
    expect(excerpt(Buffer.alloc(0), 1024)).toBeNull();
  });
});

describe('retry schedule', () => {
  it('lasts at least 24 hours with the defaults (12 retries from 30 s)', () => {
    expect(minimumRetryWindowSeconds(12, 30)).toBeGreaterThanOrEqual(24 * 3600);
    expect(minimumRetryWindowSeconds(3, 1)).toBe(7);
  });
});
