// Security headers on every response. Pages also carry Astro's CSP <meta> with the hashes of their scripts
// and styles; both policies apply, so inline code runs only when the page's own hash list allows it.
import type { Middleware } from 'koa';

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
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
