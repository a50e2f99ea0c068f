import net from 'node:net';
import { WEBHOOK_HTTPS_MESSAGE, WEBHOOK_PRIVATE_ADDRESS_MESSAGE, WEBHOOK_URL_MESSAGE } from '@app/contract';
import { badRequest } from '../../../platform/http/errors.js';

/**
 * Addresses a webhook may never reach (SSRF): the IANA special-purpose ranges that are not global —
 * "this network", loopback, private, carrier-grade NAT, link-local (cloud metadata lives at
 * 169.254.169.254), documentation, benchmarking, multicast and reserved — and their IPv6
 * counterparts, plus the IPv6 forms that embed an IPv4 address a gateway would unwrap (NAT64,
 * 6to4, Teredo). IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is checked against the IPv4 rules by
 * BlockList itself.
 */
const NON_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True only for an IP address that is routable on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 0) return false;
  return !NON_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as an IP literal (IPv6 without brackets), or null for a DNS name. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) === 0 ? null : host;
}

/**
 * Checks an endpoint address when it is registered or changed: a full http(s) URL without user
 * info; unless private addresses are allowed (trial, tests), https only and no literal non-public IP.
 * DNS names are checked at every delivery instead, against every address they resolve to.
 */
export function checkEndpointUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(WEBHOOK_URL_MESSAGE, 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(WEBHOOK_URL_MESSAGE, 'url');
  if (url.username || url.password) {
    throw badRequest('The address must not contain a user name or password', 'url');
  }
  if (allowPrivate) return url;
  if (url.protocol !== 'https:') throw badRequest(WEBHOOK_HTTPS_MESSAGE, 'url');
  const literal = literalAddress(url);
  if (literal !== null && !isPublicAddress(literal)) throw badRequest(WEBHOOK_PRIVATE_ADDRESS_MESSAGE, 'url');
  return url;
}
