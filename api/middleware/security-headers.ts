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

/** The headers every response carries, the Content-Security-Policy aside (it depends on the response). */
export function securityHeaderValues(options: { production: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(options.production ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/** The policy of a response that sets none of its own: strict for the API, the default of pages otherwise. */
export const defaultPolicy = (path: string): string => (path.startsWith('/api/') ? API_CSP : PAGE_CSP);

export function securityHeaders(options: { production: boolean }): Middleware {
  const headers = Object.entries(securityHeaderValues(options));
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', defaultPolicy(ctx.path));
    for (const [name, value] of headers) ctx.set(name, value);
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
