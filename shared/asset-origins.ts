// ASSETS_ORIGIN: another host (a CDN) that serves the build's hashed assets (/_astro/*). Read when building: Astro
// writes that origin into every script, style and font address (build.assetsPrefix), and the pages' Content-Security-
// Policy must allow it for scripts, styles, fonts and images (astro.config.mjs). Unset, everything comes from the site.

/** The origin ASSETS_ORIGIN names (`https://cdn.velada.com.ar`), undefined when unset; a clear error when malformed. */
export function assetsOriginOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid configuration: ASSETS_ORIGIN must be an origin like https://cdn.velada.com.ar, not ${value}`);
  }
  if (!/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw new Error(`Invalid configuration: ASSETS_ORIGIN must be an origin like https://cdn.velada.com.ar (no path), not ${value}`);
  return url.origin;
}

/** The sources of a CSP directive for what the build serves: the site, and the assets' origin when set. */
export function builtAssetSources(assetsOrigin: string | undefined): string[] {
  return ["'self'", ...(assetsOrigin ? [assetsOrigin] : [])];
}
