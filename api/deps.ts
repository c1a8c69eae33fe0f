// What the app is built from (createApp in api/app.ts) and what its routers receive.
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { AnalyticsWriter } from './services/analytics-writer.ts';
import type { Mailer } from '#core/mail/mail.ts';
import type { ObjectStore } from './services/object-store/object-store.ts';
import type { RenderCache } from './render-cache/render-cache.ts';
import type { AdStatsCounter } from './services/ad-stats.ts';
import type { SearchIndexHolder } from '#db/search/search-index-holder.ts';
import type { RateLimitStore } from './services/rate-limit-store.ts';
import type { ShellPage } from '#shared/page-shell.ts';

export interface AppDeps {
  db: Knex;
  config: Config;
  /** The Astro build (dist/); without it only the API and photos are served. */
  distDir?: string;
  /** Writes analytics events (group commit); the caller closes it on shutdown. */
  analytics: AnalyticsWriter;
  /** Outgoing mail; by default SMTP_URL or the outbox folder (api/services/mail.ts). */
  mailer?: Mailer;
  /** Photos, receipts and identity documents; by default the one the configuration names (S3_BUCKET or DATA_DIR). */
  store?: ObjectStore;
  /** Finished public pages; by default one per app, reading the catalog version at most every second. */
  renderCache?: RenderCache;
  /** Counts each ad's appearances, views and contacts (decision 034); by default one per app. The caller closes it on shutdown. */
  adStats?: AdStatsCounter;
  /**
   * The in-memory search index (decision 024); by default one per app, first built when a search asks for it.
   * api/main.ts builds it before listening (buildSearchIndex), so searches after a start are never the database's.
   */
  searchIndex?: SearchIndexHolder;
  /**
   * Where rate limits are counted (decision 029); by default the database's: memory on SQLite, the rate_limits table
   * on PostgreSQL. api/main.ts passes the one REDIS_URL chooses and closes it on shutdown.
   */
  rateLimits?: RateLimitStore;
  /** Ads per sitemap part (api/search-engines.ts); tests lower it to see the sitemap split. */
  sitemapPartSize?: number;
  /**
   * Pages whose misses are filled into a shell instead of rendered (decision 058): the site's own description of them
   * (site/server/search-page-parts.ts), which api/main.ts passes. Without it every miss is rendered.
   */
  shellPages?: readonly ShellPage[];
}

/** The app's dependencies as routers get them: the mailer, the stores and the statistics counter chosen once, by createApp. */
export type RouterDeps = Omit<AppDeps, 'mailer' | 'store' | 'rateLimits' | 'adStats'> & {
  mailer: Mailer;
  store: ObjectStore;
  rateLimits: RateLimitStore;
  adStats: AdStatsCounter;
};
