/// <reference types="astro/client" />
// What the Koa server hands every SSR render (api/astro-handler.ts).
declare namespace App {
  interface Locals {
    db: import('knex').Knex;
    /** MEDIA_PUBLIC_URL: where public pages point the photos of public ads; unset, the app's /media/ads. */
    photosUrl?: string;
    /** The public origin for canonical and shared addresses: PUBLIC_ORIGIN, or this machine outside production. */
    siteOrigin?: string;
    /** Which payment methods the server is configured for (MercadoPago only with its access token). */
    payments?: { mercadoPago: boolean };
    /** The in-memory search index of this process (db/search/); absent, searches read the database. */
    searchIndex?: import('#core/search/search-results.ts').SearchIndexSource;
    /** Tells which ads the page shows, for their statistics (api/services/ad-stats.ts); absent, nothing is counted. */
    pageShows?: PageShows;
    /**
     * Counts one phone check (/verificar-anuncio) against this visitor's budget: 0 when within it, otherwise the
     * seconds to wait. Absent, checks are not limited.
     */
    takePhoneCheck?: () => Promise<number>;
    /**
     * Called by the layout with the variant it rendered (the gate passed or not): the render cache stores the page
     * only when it is the variant of the key it was rendered for. Absent, nothing is told.
     */
    renderedVariant?: (variant: import('#shared/age-cookie.ts').PageVariant) => void;
    /**
     * Set only by the server when it makes the search page's shell (api/render-cache/shell-pages.ts): the page renders
     * markers in place of its per-request parts, the indexed page or the noindex one.
     */
    searchPageShell?: { noindex: boolean };
  }
  interface PageShows {
    /** Ads listed as search results. */
    listed(ids: number[]): void;
    /** The ad of an ad page. */
    viewed(id: number): void;
  }
}
