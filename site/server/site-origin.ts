// The public origin of canonical and shared addresses. Pages rendered per request get it from the server's
// configuration (Astro.locals.siteOrigin: PUBLIC_ORIGIN, or this machine outside production); prerendered pages
// from PUBLIC_ORIGIN at build time, which is why a deploy builds with it set (docs/operations.md).
const DEFAULT_ORIGIN = 'http://localhost:3000';

export function siteOrigin(locals: Partial<App.Locals>): string {
  const built = import.meta.env.PUBLIC_ORIGIN as string | undefined;
  return (locals.siteOrigin ?? built ?? DEFAULT_ORIGIN).replace(/\/+$/, '');
}
