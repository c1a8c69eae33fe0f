// The one inline script of the site: it runs in <head>, before first paint, so that a visitor who already
// confirmed being 18+ never sees the age gate flash. Its hash is allowed in the CSP by astro.config.mjs.
import { createHash } from 'node:crypto';

export const AGE_CHECK_SCRIPT =
  "try{if(localStorage.getItem('ageVerified')==='true')document.documentElement.classList.add('age-ok')}catch(e){}";

export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}
