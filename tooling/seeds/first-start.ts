// The demo data `npm start` creates on an empty database (SEED_DEMO): the ads, the panel's demo (with its partner
// admin) and the analytics, or nothing when the database already has ads. Processes may start together on one empty
// database (docs/operations.md): the seed is one transaction that holds the database's lock for it (PostgreSQL: an
// advisory lock; SQLite: the write lock every transaction takes first) and looks at the database again inside it, so
// one process seeds and the others, once it committed, find the data and go on. A seed cut short leaves nothing.
import type { Knex } from 'knex';
import { dialectOf, lockForTransaction } from '#db/dialect.ts';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';
import { isDatabaseEmpty, seedDemoData } from './demo.ts';
import { seedPanelDemo } from './panel-demo.ts';
import { seedAnalyticsDemo } from './analytics-demo.ts';

export interface DemoSeeded {
  ads: number;
  pageviews: number;
  partnerPassword: string;
}

export interface DemoSeedOptions {
  identityKey?: Buffer;
  /** How many demo ads: 220 by default; tests ask for a few. */
  ads?: number;
  /** Told what the seed is doing, a line at a time, once this process has the lock (for the console). */
  onProgress?: (line: string) => void;
}

/** How long a process waits on SQLite for another one's seed (a first start takes under 20 s). */
const SQLITE_WAIT_MS = 5 * 60_000;

/** Seeds the demo when the database has no ads; null when it had (or another process seeded it meanwhile). */
export async function seedDemoIfEmpty(db: Knex, store: ObjectStore, options: DemoSeedOptions = {}): Promise<DemoSeeded | null> {
  return whileSqliteBusy(db, () =>
    db.transaction(async (trx) => {
      await lockForTransaction(trx, 'demo-seed');
      if (!(await isDatabaseEmpty(trx))) return null;
      const say = options.onProgress ?? (() => {});
      say('Empty database: creating demo data (pictures made once, then kept in node_modules/.cache/velada)...');
      const ads = await seedDemoData(trx, store, {
        ads: options.ads,
        onPictures: (done, total) => say(`  pictures of ${done} of ${total} demo advertisers ready`),
      });
      say(`  ${ads} ads and their photos saved; now the panel's demo and 30 days of visits...`);
      const vault = options.identityKey ? { store, key: options.identityKey } : undefined;
      const { partnerPassword } = await seedPanelDemo(trx, vault);
      return { ads, pageviews: await seedAnalyticsDemo(trx), partnerPassword };
    }),
  );
}

/**
 * SQLite's wait for the write lock ends after busy_timeout (5 s), shorter than a seed: a process whose transaction
 * could not begin tries again until the other's seed is committed.
 */
async function whileSqliteBusy<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + SQLITE_WAIT_MS;
  for (;;) {
    try {
      return await work();
    } catch (err) {
      const busy = dialectOf(db) === 'sqlite' && !!(err as { code?: string }).code?.startsWith('SQLITE_BUSY');
      if (!busy || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
