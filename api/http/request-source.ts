// A request's "source" for every per-address limit and count (decisions.md, "A request's source"): its IPv4 address,
// or its IPv6 network prefix (/64 by default, /56 by setting). One household or server with IPv6 is handed a whole
// /64 (2^64 addresses): keyed by the full address, each of its addresses was a new client with a fresh budget.
// The audit log keeps the full address; only limits and counts use the source.
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { isTrustedPeer, proxyList } from '#api/middleware/forwarded.ts';

export const DEFAULT_IPV6_SOURCE_PREFIX = 64;

/** The source of an address: IPv4 (also when written IPv4-mapped, ::ffff:a.b.c.d) as is, IPv6 as its prefix. */
export function sourceOfAddress(address: string, ipv6PrefixBits = DEFAULT_IPV6_SOURCE_PREFIX): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (net.isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  const kept = groups.map((group, index) => {
    const bitsBefore = index * 16;
    if (bitsBefore >= ipv6PrefixBits) return 0;
    const bitsHere = Math.min(16, ipv6PrefixBits - bitsBefore);
    return group & ((0xffff << (16 - bitsHere)) & 0xffff);
  });
  // Its own spelling (full hexadecimal groups), the same for every way of writing the address.
  return `${kept.map((group) => group.toString(16)).join(':')}/${ipv6PrefixBits}`;
}

/** The eight 16-bit groups of an IPv6 address (with '::' and a trailing dotted IPv4 expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const all = tail === null ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return all.length === 8 ? all.map((group) => parseInt(group, 16)) : null;
}

const SOURCE = Symbol('request source');

/** Puts each request's source where requestSource() finds it; first in the app, after the forwarded headers. */
export function requestSources(ipv6PrefixBits = DEFAULT_IPV6_SOURCE_PREFIX): Middleware {
  return (ctx, next) => {
    (ctx.state as Record<symbol, string>)[SOURCE] = sourceOfAddress(ctx.ip, ipv6PrefixBits);
    return next();
  };
}

/** The source of the request: what every per-address budget and count is keyed on. */
export function requestSource(ctx: Context): string {
  return (ctx.state as Record<symbol, string | undefined>)[SOURCE] ?? sourceOfAddress(ctx.ip);
}

/**
 * The address Koa's ctx.ip gives (app.proxy with maxIpsCount 1), for a raw Node request answered before Koa: the last
 * X-Forwarded-For entry when the peer is a trusted proxy (TRUST_PROXY), the peer's address otherwise.
 */
export function clientAddress(req: IncomingMessage, proxies: net.BlockList | null): string {
  const peer = req.socket.remoteAddress ?? '';
  const header = req.headers['x-forwarded-for'];
  const forwarded = Array.isArray(header) ? header.join(',') : header;
  if (!proxies || !forwarded || !isTrustedPeer(proxies, peer)) return peer;
  const last = forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  return last || peer;
}

/** The client's address of a raw Node request, as ctx.ip gives it for the same request inside Koa. */
export function nodeClientAddresses(trustedProxies: string[]): (req: IncomingMessage) => string {
  const proxies = trustedProxies.length > 0 ? proxyList(trustedProxies) : null;
  return (req) => clientAddress(req, proxies);
}

/** The source of a raw Node request, as requestSource() gives it for the same request inside Koa. */
export function nodeRequestSources(
  trustedProxies: string[],
  ipv6PrefixBits = DEFAULT_IPV6_SOURCE_PREFIX,
): (req: IncomingMessage) => string {
  const addressOf = nodeClientAddresses(trustedProxies);
  return (req) => sourceOfAddress(addressOf(req), ipv6PrefixBits);
}
