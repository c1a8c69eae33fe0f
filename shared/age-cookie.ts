// The cookie that records the 18+ confirmation beside localStorage.ageVerified: the server reads it to render
// pages without the gate, which is what lets visitors without JavaScript pass it (POST /confirmar-edad).
export const AGE_COOKIE = 'velada_edad';
export const AGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function hasAgeCookie(cookieHeader: string | undefined | null): boolean {
  return (cookieHeader ?? '').split(/;\s*/).includes(`${AGE_COOKIE}=1`);
}

/**
 * Set only by the no-JavaScript confirmation (POST /confirmar-edad): the one request cookie that changes a public
 * page (the gate rendered closed). Visitors with JavaScript pass the gate in the browser, so their pages are the
 * shared ones (docs/decisions/021-render-cache.md).
 */
export const AGE_NOJS_COOKIE = 'velada_edad_sinjs';

export function hasNoJsAgeCookie(cookieHeader: string | undefined | null): boolean {
  return (cookieHeader ?? '').split(/;\s*/).includes(`${AGE_NOJS_COOKIE}=1`);
}
