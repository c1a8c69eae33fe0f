// Whether the visitor confirmed being 18 or older (localStorage `ageVerified`, as the seed stores it).
import { atom } from 'nanostores';
import { readLocal, writeLocal } from '#site/lib/storage.ts';
import { AGE_COOKIE, AGE_COOKIE_MAX_AGE_S, hasAgeCookie } from '#shared/age-cookie.ts';

/** null until read from storage in the browser (the server renders the gate open). */
export const $ageVerified = atom<boolean | null>(null);

/** Accepted in this browser: localStorage, or the cookie set by the gate's no-JavaScript form. */
export function loadAgeVerified(): void {
  $ageVerified.set(readLocal('ageVerified') === 'true' || hasAgeCookie(document.cookie));
}

export function acceptAge(): void {
  writeLocal('ageVerified', 'true');
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${AGE_COOKIE}=1; path=/; max-age=${AGE_COOKIE_MAX_AGE_S}; samesite=lax${secure}`;
  document.documentElement.classList.add('age-ok');
  $ageVerified.set(true);
}
