// The cookie that records the 18+ confirmation beside localStorage.ageVerified: the server reads it to render
// pages without the gate, which is what lets visitors without JavaScript pass it (POST /confirmar-edad).
import { cookieValue } from './cookies.ts';

export const AGE_COOKIE = 'velada_edad';
export const AGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function hasAgeCookie(cookieHeader: string | undefined | null): boolean {
  return cookieValue(cookieHeader, AGE_COOKIE) === '1';
}

/**
 * Set only by the no-JavaScript confirmation (POST /confirmar-edad): the one request cookie that changes a public
 * page (the gate rendered closed). Visitors with JavaScript pass the gate in the browser, so their pages are the
 * shared ones (docs/decisions/021-render-cache.md).
 */
export const AGE_NOJS_COOKIE = 'velada_edad_sinjs';

/**
 * Whether a request's page is rendered with the gate passed: the one reading of AGE_NOJS_COOKIE that the layout, the
 * render cache's key and the static files all use (shared/cookies.ts says why there is only one).
 */
export function hasNoJsAgeCookie(cookieHeader: string | undefined | null): boolean {
  return cookieValue(cookieHeader, AGE_NOJS_COOKIE) === '1';
}

/** A page's variant as the render cache keys it: shared by everyone, or with the gate passed without JavaScript. */
export type PageVariant = 'public' | 'age-confirmed';

export function pageVariantOf(cookieHeader: string | undefined | null): PageVariant {
  return hasNoJsAgeCookie(cookieHeader) ? 'age-confirmed' : 'public';
}
