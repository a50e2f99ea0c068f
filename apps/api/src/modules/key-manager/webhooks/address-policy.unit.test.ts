import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors.js';
import { checkEndpointUrl, isPublicAddress } from './address-policy.js';

/**
 * IPv6 addresses that carry an IPv4 address inside them: each form is refused when what it leads to
 * is not public (address-policy.ts says why for each).
 */
describe('IPv6 forms that embed an IPv4 address', () => {
  it.each([
    // IPv4-mapped ::ffff:0:0/96: the socket connects to the IPv4 address itself.
    ['::ffff:10.0.0.1', 'mapped'],
    ['::ffff:a00:1', 'mapped, hex'],
    ['::ffff:7f00:1', 'mapped loopback, hex'],
    ['::FFFF:7F00:1', 'mapped loopback, capitals'],
    ['0:0:0:0:0:ffff:7f00:1', 'mapped loopback, uncompressed'],
    ['0000:0000:0000:0000:0000:ffff:127.0.0.1', 'mapped loopback, leading zeros'],
    ['::ffff:169.254.169.254', 'mapped metadata address'],
    // IPv4-compatible ::/96: deprecated, refused whatever it embeds.
    ['::a00:1', 'compatible'],
    ['::127.0.0.1', 'compatible loopback'],
    ['::7f00:1', 'compatible loopback, hex'],
    ['::8.8.8.8', 'compatible, even public'],
    // IPv4-translated ::ffff:0:0:0/96 (SIIT): refused whatever it embeds.
    ['::ffff:0:a00:1', 'translated'],
    ['::ffff:0:7f00:1', 'translated loopback'],
    ['::ffff:0:8.8.8.8', 'translated, even public'],
    // NAT64 well-known prefix 64:ff9b::/96: judged by the IPv4 address a gateway connects to.
    ['64:ff9b::a00:1', 'NAT64'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 metadata address'],
    ['64:ff9b::c0a8:101', 'NAT64 private'],
    // NAT64 local-use 64:ff9b:1::/48: refused whatever it embeds.
    ['64:ff9b:1::a00:1', 'local NAT64'],
    ['64:ff9b:1:808:808::', 'local NAT64, public at /64'],
    ['64:ff9b:1::8.8.8.8', 'local NAT64, public at /96'],
    // 6to4 2002::/16: refused whatever it embeds.
    ['2002:a00:1::1', '6to4 private'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['2002:808:808::1', '6to4, even public'],
    // Teredo 2001::/32: refused whatever it embeds.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:0:a00:1::f5ff:fffe', 'Teredo, private server and client'],
    ['[::ffff:0:a00:1]', 'bracketed'],
  ])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::ffff:8.8.8.8', 'mapped public'],
    ['::ffff:808:808', 'mapped public, hex'],
    ['64:ff9b::8.8.8.8', 'NAT64 public: how an IPv6-only server with DNS64 reaches IPv4 receivers'],
    ['64:ff9b::101:101', 'NAT64 public, hex'],
    ['2606:4700:4700::1111', 'global unicast'],
    ['2a00:1450:4001:81a::200e', 'global unicast'],
  ])('%s (%s) is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['100::1', 'discard-only'],
    ['4000::1', 'outside global unicast 2000::/3'],
    ['5f00::1', 'SRv6 SIDs'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2001:db8::1', 'documentation'],
    ['::2', 'reserved ::/8'],
  ])('%s (%s) is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('registering an embedded IPv4 literal', () => {
  const refusal = (url: string) => {
    try {
      checkEndpointUrl(url, false);
      return null;
    } catch (error) {
      return error instanceof AppError ? `${error.statusCode} ${error.message}` : String(error);
    }
  };

  it('refuses the forms the URL parser rewrites (::127.0.0.1 becomes ::7f00:1)', () => {
    for (const url of [
      'https://[::ffff:0:a00:1]/',
      'https://[::a00:1]/',
      'https://[::127.0.0.1]/',
      'https://[::ffff:0:7f00:1]/',
      'https://[::ffff:127.0.0.1]:8443/h',
      'https://[64:ff9b::10.0.0.1]/h',
    ]) {
      expect(refusal(url), url).toMatch(/^400 That address is not reachable from the internet/);
    }
    expect(refusal('https://[64:ff9b::8.8.8.8]/hook')).toBeNull();
  });
});
