// What the app is built from (createApp in api/app.ts) and what its routers receive.
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { AnalyticsQueue } from './analytics/queue.ts';
import type { Mailer } from './services/mail.ts';

export interface AppDeps {
  db: Knex;
  config: Config;
  /** The Astro build (dist/); without it only the API and photos are served. */
  distDir?: string;
  /** Where analytics requests are queued; the caller closes it on shutdown so queued items are written. */
  analytics: AnalyticsQueue;
  /** Outgoing mail; by default SMTP_URL or the outbox folder (api/services/mail.ts). */
  mailer?: Mailer;
}

/** The app's dependencies as routers get them: the mailer chosen once, by createApp. */
export type RouterDeps = Omit<AppDeps, 'mailer'> & { mailer: Mailer };
