// X-Forwarded-For, -Proto and -Host are believed only from the configured proxies (TRUST_PROXY): from anyone
// else they are removed before Koa reads them, so a client that reaches the Node port directly can neither
// rotate its address past the per-address limits nor forge the address in the audit log.
import net from 'node:net';
import type { Middleware } from 'koa';

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'];

export function proxyList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Whether a socket's peer address is one of the trusted proxies ('::ffff:10.0.0.1' counts as 10.0.0.1). */
export function isTrustedPeer(list: net.BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return list.check(mapped[1]!, 'ipv4');
  return list.check(address, net.isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export function forwardedHeadersFrom(trusted: string[]): Middleware {
  const list = proxyList(trusted);
  return (ctx, next) => {
    if (!isTrustedPeer(list, ctx.req.socket.remoteAddress)) {
      for (const header of FORWARDED_HEADERS) delete ctx.req.headers[header];
    }
    return next();
  };
}
