// The one inline script of the site: it runs in <head>, before first paint, so that a visitor who already
// confirmed being 18+ never sees the age gate flash, and search results show in the view the visitor chose (list
// or grid, remembered in the `vista` cookie) without a shift. The server renders the same page for everyone; these
// two choices are applied here, and a page the quick exit passes through is hidden before it paints. It also picks
// the other language to suggest (docs/decisions/070-languages.md) before the first paint, as `data-suggest` on <html>:
// a bar shown after it would push the page down. Its hash is allowed in the CSP by astro.config.mjs.
import { createHash } from 'node:crypto';
import { LEAVING_KEY } from '#site/lib/quick-exit.ts';
import { OTHER_LANGUAGES_META, SUGGESTION_CLOSED_KEY } from '#site/lib/language-suggestion.ts';

export const AGE_CHECK_SCRIPT =
  "try{var d=document.documentElement;if(/(^|; )vista=lista(;|$)/.test(document.cookie))d.setAttribute('data-view','list');" +
  "if(localStorage.getItem('ageVerified')==='true')d.classList.add('age-ok');" +
  // Salida rápida: a page the exit goes back through stays hidden until it replaces itself (site/lib/quick-exit.ts).
  `if(sessionStorage.getItem('${LEAVING_KEY}')==='1'&&performance.getEntriesByType('navigation')[0].type==='back_forward')d.classList.add('is-leaving');` +
  // The first language the browser prefers among the page's own and those it exists in (the meta the layout writes),
  // unless the visitor closed the suggestion during this visit.
  `var m=document.querySelector('meta[name="${OTHER_LANGUAGES_META}"]');if(m&&!sessionStorage.getItem('${SUGGESTION_CLOSED_KEY}')){` +
  "var o=m.content.split(' '),w=d.lang.split('-')[0],p=navigator.languages||[navigator.language];" +
  "for(var i=0;i<p.length;i++){var c=p[i].toLowerCase().split('-')[0];if(c===w)break;if(o.indexOf(c)>=0){d.setAttribute('data-suggest',c);break}}}" +
  '}catch(e){}';

export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}
