// Forwarded headers count only from the configured proxies: a client that reaches the port directly cannot pick
// its address (per-address limits, the audit log) nor its host and protocol.
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { serve } from '#api/testing/http.ts';
import { forwardedHeadersFrom, isTrustedPeer, proxyList } from './forwarded.ts';

async function whoAmI(trusted: string[], headers: Record<string, string>) {
  const app = new Koa({ proxy: trusted.length > 0, maxIpsCount: 1 });
  app.use(forwardedHeadersFrom(trusted));
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip, host: ctx.host, protocol: ctx.protocol };
  });
  const server = await serve(app);
  try {
    return (await (await fetch(server.url, { headers })).json()) as { ip: string; host: string; protocol: string };
  } finally {
    await server.close();
  }
}

const forged = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

describe('forwarded headers', () => {
  it('are believed from a listed proxy (the last hop only)', async () => {
    const seen = await whoAmI(['127.0.0.1'], { ...forged, 'X-Forwarded-For': '198.51.100.1, 203.0.113.9' });
    expect(seen).toEqual({ ip: '203.0.113.9', host: 'evil.example', protocol: 'https' });
  });

  it('are dropped from anyone else, whatever TRUST_PROXY says about other addresses', async () => {
    for (const trusted of [['10.0.0.0/8'], ['192.168.1.10', 'fd00::/8'], []]) {
      const seen = await whoAmI(trusted, forged);
      expect(seen.ip, trusted.join()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(seen.host).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(seen.protocol).toBe('http');
    }
  });

  it('match addresses, ranges and IPv4 addresses written as IPv6', () => {
    const list = proxyList(['10.1.0.0/16', '192.168.1.10', '::1/128']);
    expect(isTrustedPeer(list, '10.1.200.3')).toBe(true);
    expect(isTrustedPeer(list, '::ffff:10.1.0.9')).toBe(true);
    expect(isTrustedPeer(list, '10.2.0.1')).toBe(false);
    expect(isTrustedPeer(list, '192.168.1.10')).toBe(true);
    expect(isTrustedPeer(list, '192.168.1.11')).toBe(false);
    expect(isTrustedPeer(list, '::1')).toBe(true);
    expect(isTrustedPeer(list, undefined)).toBe(false);
  });
});
