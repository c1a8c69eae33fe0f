// Security headers on every response, with exactly one Content-Security-Policy header. Pages carry Astro's
// policy with the hashes of their inline scripts and styles: SSR pages as a header (api/astro-handler.ts merges
// it with frame-ancestors), prerendered pages as a <meta> that api/static-files.ts repeats as the header. Every
// other response gets the strict default below; no policy allows inline scripts without a hash.
import type { Middleware } from 'koa';

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(options: { production: boolean }): Middleware {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', ctx.path.startsWith('/api/') ? API_CSP : PAGE_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.production) ctx.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    await next();
  };
}

/** What a header adds to a page's own policy: a <meta> policy cannot say who may frame the page. */
export function pagePolicy(astroPolicy: string): string {
  const policy = astroPolicy.trim().replace(/;\s*$/, '');
  return /frame-ancestors/.test(policy) ? policy : `${policy}; frame-ancestors 'none'`;
}

/** The policy of a built page's <meta http-equiv="content-security-policy">, or null. */
export function metaPolicyOf(html: string): string | null {
  const match = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html);
  return match
    ? match[1]!
        .replace(/&#39;|&apos;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null;
}
