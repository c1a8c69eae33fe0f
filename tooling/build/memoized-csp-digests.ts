// Astro computes the CSP hash of every stylesheet and inline script of a page on each server render, one WebCrypto
// digest (a thread-pool round trip) each, although they are the same for every render of a route: six of them per
// search page cost more than the page's search. This Vite plugin keeps the digests Astro computes, in the server
// bundle only: Astro's `generateCspDigest` is renamed and called through a small bounded memo. If Astro's source no
// longer has that function, the build fails instead of silently losing the memo (docs/decisions/056-search-miss.md).
import type { Plugin } from 'vite';

const ASTRO_ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const DECLARATION = 'async function generateCspDigest(data, algorithm) {';
/** Distinct digests kept: a build's stylesheets and scripts are far fewer; a server island's content varies. */
export const KEPT_DIGESTS = 256;

const MEMO = `
const keptCspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\u0000" + data;
  let digest = keptCspDigests.get(key);
  if (digest === undefined) {
    digest = computeCspDigest(data, algorithm);
    digest.catch(() => keptCspDigests.delete(key));
    if (keptCspDigests.size >= ${KEPT_DIGESTS}) keptCspDigests.delete(keptCspDigests.keys().next().value);
    keptCspDigests.set(key, digest);
  }
  return digest;
}
`;

/** Rewrites Astro's encryption module so that each distinct CSP digest is computed once per process. */
export function memoizeCspDigest(source: string): string {
  if (!source.includes(DECLARATION)) throw new Error("Astro's generateCspDigest has changed: update tooling/build/memoized-csp-digests.ts");
  return source.replace(DECLARATION, 'async function computeCspDigest(data, algorithm) {') + MEMO;
}

export function memoizedCspDigests(): Plugin {
  let rewritten = false;
  return {
    name: 'velada-memoized-csp-digests',
    transform(code, id, options) {
      if (!options?.ssr || !ASTRO_ENCRYPTION_MODULE.test(id)) return null;
      rewritten = true;
      return { code: memoizeCspDigest(code), map: null };
    },
    // The server bundle must have gone through the rewrite: an Astro that moved the module would otherwise lose it.
    buildEnd() {
      if (this.environment?.name === 'ssr' && !rewritten)
        this.error("Astro's CSP digests were not found in the server build: update tooling/build/memoized-csp-digests.ts");
    },
  };
}
