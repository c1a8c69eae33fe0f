// How caches may keep the transparency report's pages (/transparencia, /pt/transparencia, /en/transparency): the
// same for every visitor (the report changes at most every 10 minutes), so a CDN may keep each for 5; with the
// no-JavaScript age gate's cookie the layout renders the page passed, which only that visitor's browser may keep.
// Set by each page's own frontmatter: a header set inside a component comes too late for the response.
import { pageVariantOf } from '#shared/age-cookie.ts';

export const transparencyCacheControl = (cookies: string | null): string =>
  pageVariantOf(cookies) === 'age-confirmed' ? 'private, no-cache' : 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
