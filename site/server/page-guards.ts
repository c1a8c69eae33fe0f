// The one session check of server-rendered pages (docs/decisions/051-core.md): the advertiser's area and the panel
// call these instead of resuming a session by hand. A guarded page is personal, so it is never stored by a cache.
import type { AstroGlobal } from 'astro';
import { advertiserSessions, staffSessions, type SignedInAdvertiser } from '#core/sessions/sessions.ts';
import type { Admin } from '#shared/admin-permissions.ts';

type Page = Pick<AstroGlobal, 'cookies' | 'locals' | 'redirect' | 'response' | 'url'>;

/** Where a page sends a visitor without a session: the sign-in, which brings them back to this address. */
export function signInAddress(url: URL): string {
  return `/ingresar?volver=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in advertiser (session renewed), or null; the page is marked personal either way. */
export async function signedInAdvertiser(page: Page): Promise<SignedInAdvertiser | null> {
  page.response.headers.set('Cache-Control', 'no-store');
  return advertiserSessions.resume(page.locals.db, page.cookies.get(advertiserSessions.cookie)?.value);
}

/** The signed-in staff member (session renewed), or null; the page is marked personal either way. */
export async function signedInStaff(page: Page): Promise<Admin | null> {
  page.response.headers.set('Cache-Control', 'no-store');
  return staffSessions.resume(page.locals.db, page.cookies.get(staffSessions.cookie)?.value);
}

/**
 * The advertiser's area: the signed-in advertiser, or the redirect to the sign-in (which comes back here) that the
 * page must return: `const advertiser = await requireAdvertiser(Astro); if (advertiser instanceof Response) return advertiser;`
 */
export async function requireAdvertiser(page: Page): Promise<SignedInAdvertiser | Response> {
  return (await signedInAdvertiser(page)) ?? page.redirect(signInAddress(page.url), 302);
}

/** The panel: the signed-in staff member, or the redirect to the staff sign-in that the page must return. */
export async function requireStaff(page: Page): Promise<Admin | Response> {
  return (await signedInStaff(page)) ?? page.redirect('/admin/login', 302);
}
