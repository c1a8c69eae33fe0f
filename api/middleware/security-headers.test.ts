// One Content-Security-Policy per response, never allowing inline scripts without a hash (audit finding 16); the
// pages' own policies (from Astro) become the header with frame-ancestors added.
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { serve } from '#api/testing/http.ts';
import { metaPolicyOf, pagePolicy, securityHeaders } from './security-headers.ts';

describe('the page policy', () => {
  it("is read from a built page's meta and gets frame-ancestors, once", () => {
    const html = `<html><head><meta http-equiv="content-security-policy" content="default-src 'self';object-src 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def=';"></head></html>`;
    const meta = metaPolicyOf(html)!;
    expect(meta).toBe("default-src 'self';object-src 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def=';");
    expect(pagePolicy(meta)).toBe(
      "default-src 'self';object-src 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; frame-ancestors 'none'",
    );
    expect(pagePolicy(pagePolicy(meta))).toBe(pagePolicy(meta));
    expect(metaPolicyOf('<html><head></head></html>')).toBeNull();
  });

  it('the default for everything else allows no inline script and no framing', async () => {
    const app = new Koa();
    app.use(securityHeaders({ production: false }));
    app.use((ctx) => {
      ctx.body = ctx.path;
    });
    const server = await serve(app);
    try {
      for (const path of ['/cualquier-cosa.js', '/api/health']) {
        const res = await fetch(`${server.url}${path}`);
        const policies = res.headers.get('content-security-policy')!;
        expect(policies.split(',').length, path).toBe(1);
        expect(policies).toContain("frame-ancestors 'none'");
        expect(policies).not.toContain('unsafe-inline');
      }
    } finally {
      await server.close();
    }
  });
});
