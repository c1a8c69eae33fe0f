// Which push endpoints a search alert may name (docs/decisions/038-favourites-and-alerts.md): only the push services'
// own hosts (PUSH_SERVICE_HOSTS), over https on port 443, so the server cannot be made to post anywhere else; and which
// addresses such a name may lead to when it is resolved for a send.
import net from 'node:net';

/**
 * Where browsers' subscriptions point: Chrome, Edge's Chromium and other Chromium browsers (FCM), Firefox (Mozilla's
 * autopush), Windows' notification service (WNS, regional hosts) and Safari (Apple's web push).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name of two labels or more ending in letters (no address, no port, no trailing dot), or *. and one of three or more. */
const HOST_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[a-z]{2,63}$`);
const WILDCARD_PATTERN = new RegExp(`^\\*\\.(?:${LABEL}\\.){1,}[a-z]{2,63}$`);

/** The PUSH_SERVICE_HOSTS setting as a list, in lower case; null when an entry is not a host name or *.wildcard. */
export function parsePushServiceHosts(value: string): string[] | null {
  const hosts = value.split(',').map((entry) => entry.trim().toLowerCase());
  return hosts.every((host) => HOST_PATTERN.test(host) || WILDCARD_PATTERN.test(host)) ? hosts : null;
}

function hostAllowed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
}

export interface PushServicePolicy {
  /** Tests only: a fake push service on this machine (http or https, any host and port, loopback addresses). */
  allowLocal: boolean;
  /** The push services' hosts; `*.` stands for any name under it. */
  hosts: readonly string[];
}

const NOT_A_SUBSCRIPTION = 'La suscripción del navegador no es válida.';
const NOT_A_PUSH_SERVICE = 'La suscripción no apunta a un servicio de notificaciones conocido.';

/** Why an endpoint is refused, in Spanish; null when it names one of the push services. */
export function endpointRefusal(endpoint: string, policy: PushServicePolicy): string | null {
  let url: URL;
  // Endpoints are plain ASCII URLs; anything else is no browser's.
  if (!/^[\x21-\x7e]+$/.test(endpoint)) return NOT_A_SUBSCRIPTION;
  try {
    url = new URL(endpoint);
  } catch {
    return NOT_A_SUBSCRIPTION;
  }
  if (url.username || url.password) return NOT_A_SUBSCRIPTION;
  if (policy.allowLocal) return url.protocol === 'https:' || url.protocol === 'http:' ? null : NOT_A_SUBSCRIPTION;
  if (url.protocol !== 'https:') return NOT_A_SUBSCRIPTION;
  // The URL parser drops :443 for https; any other port is not a push service's.
  if (url.port !== '' || !hostAllowed(url.hostname, policy.hosts)) return NOT_A_PUSH_SERVICE;
  return null;
}

// Everything that is not the public internet: this machine, private and shared networks, link-local (cloud metadata),
// documentation, benchmarking and reserved ranges, multicast; for IPv6 also the forms that carry an IPv4 address
// inside (mapped, compatible, NAT64, 6to4, Teredo), which could lead back to any of those.
const NOT_PUBLIC = new net.BlockList();
for (const [address, bits] of [
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
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(address, bits, 'ipv4');
for (const [address, bits] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(address, bits, 'ipv6');

// IPv4-mapped IPv6 (::ffff:a.b.c.d, also written in hex) is kept apart: a BlockList matches IPv4 addresses against it.
const MAPPED = new net.BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Whether an address is on the public internet (anything not an address is not; nor is an IPv4-mapped one). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && MAPPED.check(address, 'ipv6')) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (node:dns by default; tests give their own). */
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

/**
 * The one address a send connects to: the endpoint's host resolved once, and taken only when every address it has
 * is public (loopback too with `allowLocal`); null otherwise. The connection is then pinned to it.
 */
export async function pushServiceAddress(url: URL, policy: PushServicePolicy, lookup: HostLookup): Promise<ResolvedAddress | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = net.isIP(host);
  const addresses = family ? [{ address: host, family }] : await lookup(host).catch(() => []);
  if (addresses.length === 0) return null;
  if (!policy.allowLocal && !addresses.every((a) => isPublicAddress(a.address))) return null;
  return addresses[0]!;
}
