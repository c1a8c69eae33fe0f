// The one inline script of the site: it runs in <head>, before first paint, so that a visitor who already
// confirmed being 18+ never sees the age gate flash, and search results show in the view the visitor chose (list
// or grid, remembered in the `vista` cookie) without a shift. The server renders the same page for everyone; these
// two choices are applied here, and a page the quick exit passes through is hidden before it paints. Its hash is
// allowed in the CSP by astro.config.mjs.
import { createHash } from 'node:crypto';
import { LEAVING_KEY } from '#site/lib/quick-exit.ts';

export const AGE_CHECK_SCRIPT =
  "try{var d=document.documentElement;if(/(^|; )vista=lista(;|$)/.test(document.cookie))d.setAttribute('data-view','list');" +
  "if(localStorage.getItem('ageVerified')==='true')d.classList.add('age-ok');" +
  // Salida rápida: a page the exit goes back through stays hidden until it replaces itself (site/lib/quick-exit.ts).
  `if(sessionStorage.getItem('${LEAVING_KEY}')==='1'&&performance.getEntriesByType('navigation')[0].type==='back_forward')d.classList.add('is-leaving')}catch(e){}`;

export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}
