import net from 'node:net';
import { WEBHOOK_HTTPS_MESSAGE, WEBHOOK_PRIVATE_ADDRESS_MESSAGE, WEBHOOK_URL_MESSAGE } from '@app/contract';
import { badRequest } from '../../../platform/http/errors.js';

/**
 * IPv4 addresses a webhook may never reach (SSRF): the IANA special-purpose ranges that are not
 * global — "this network", loopback, private, carrier-grade NAT, link-local (cloud metadata lives at
 * 169.254.169.254), IETF protocol assignments, documentation, the 6to4 relay anycast, benchmarking,
 * multicast and reserved.
 */
const NON_PUBLIC_IPV4 = new net.BlockList();
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
  NON_PUBLIC_IPV4.addSubnet(network, prefix, 'ipv4');
}

/**
 * IPv6 ranges inside global unicast (2000::/3) that are still not public. Each form that embeds an
 * IPv4 address is decided in `isPublicIpv6`; the ones refused whatever they embed are here:
 * - Teredo 2001::/32 (within 2001::/23, the IETF protocol assignments): a relay unwraps the
 *   client's IPv4 address, which the address's owner picks and may be private; a Teredo address is
 *   a client behind a NAT, never a server a webhook should reach.
 * - 6to4 2002::/16: a relay unwraps the embedded IPv4 address. 6to4 is deprecated (RFC 7526), its
 *   anycast relays are gone, and judging the embedded address would still trust a relay chosen by
 *   someone else's routing: no receiver worth supporting lives there.
 * - documentation 2001:db8::/32 and 3fff::/20 (RFC 9637).
 */
const NON_PUBLIC_GLOBAL_IPV6 = new net.BlockList();
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  NON_PUBLIC_GLOBAL_IPV6.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of a valid IPv6 address (`::` and a trailing dotted IPv4 part expanded). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  const bytes = new Uint8Array(16);
  for (const [index, group] of [...headGroups, ...zeros, ...tailGroups].entries()) {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  }
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);
const lastIpv4 = (bytes: Uint8Array) => Array.from(bytes.subarray(12)).join('.');

/** ::ffff:0:0/96, IPv4-mapped. */
const MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
/** 64:ff9b::/96, the NAT64 well-known prefix (RFC 6052). */
const NAT64_WELL_KNOWN = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];

/**
 * Whether an IPv6 address is public. The forms that carry an IPv4 address:
 * - IPv4-mapped ::ffff:a.b.c.d: the socket connects to a.b.c.d itself, so it is judged as that
 *   IPv4 address (::ffff:8.8.8.8 is as public as 8.8.8.8).
 * - NAT64 well-known prefix 64:ff9b::a.b.c.d: a NAT64 gateway connects to a.b.c.d, so it is judged
 *   as that address. Refusing the prefix outright would refuse every IPv4-only receiver to a server
 *   on an IPv6-only network, whose DNS64 resolver answers exactly these.
 * - Everything outside global unicast 2000::/3 is refused, whatever it embeds: that covers
 *   IPv4-compatible ::a.b.c.d (::/96, deprecated by RFC 4291), IPv4-translated ::ffff:0:a.b.c.d
 *   (::ffff:0:0:0/96, SIIT), the NAT64 local-use prefix 64:ff9b:1::/48 (RFC 8215: where the IPv4
 *   address sits depends on a prefix length only its operator knows, and it is not global), the
 *   rest of ::/8 (unspecified, loopback), discard-only 100::/64, unique-local fc00::/7, link-local
 *   fe80::/10, site-local fec0::/10 and multicast ff00::/8.
 * - Teredo and 6to4 are refused whatever they embed (NON_PUBLIC_GLOBAL_IPV6 says why).
 */
function isPublicIpv6(address: string): boolean {
  const bytes = ipv6Bytes(address);
  if (startsWith(bytes, MAPPED) || startsWith(bytes, NAT64_WELL_KNOWN)) return isPublicIpv4(lastIpv4(bytes));
  const globalUnicast = ((bytes[0] ?? 0) & 0xe0) === 0x20;
  return globalUnicast && !NON_PUBLIC_GLOBAL_IPV6.check(address, 'ipv6');
}

const isPublicIpv4 = (address: string) => !NON_PUBLIC_IPV4.check(address, 'ipv4');

/** True only for an IP address that is routable on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return isPublicIpv4(bare);
  return family === 6 && isPublicIpv6(bare);
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
