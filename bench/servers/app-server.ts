// Child process of the benchmarks: our server as `npm start` runs it (createApp on the built site), without
// migrations or seeding, on a free loopback port that it reports to the parent over IPC.
import '#api/threadpool.ts'; // as api/main.ts: sized before anything uses the pool
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '#api/config.ts';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { RenderCache } from '#api/render-cache/render-cache.ts';
import { buildSearchIndex } from '#api/main.ts';
import { searchPageShells } from '#site/server/search-page-parts.ts';
import { openDb } from '#db/connection.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { DIST_DIR } from '../lib/common.ts';

const config = loadConfig();
const db = openDb(config.databaseUrl, config.dataDir);
const analytics = new AnalyticsWriter(db);
const renderCache = new RenderCache({ readVersion: () => readCatalogVersion(db) });
// As api/main.ts: the search index is built before the server listens.
const searchIndex = await buildSearchIndex(db, renderCache);
// As api/main.ts: search misses filled into the page's shell (decision 058).
const app = await createApp({ db, config, distDir: DIST_DIR, analytics, renderCache, searchIndex, shellPages: searchPageShells });
const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

// The bench asks for the JavaScript heap's size, to tell a leak in our code from memory held by native work.
process.on('message', (message) => {
  if (message === 'heap') process.send?.({ heapUsedBytes: process.memoryUsage().heapUsed });
});

const stop = () => {
  searchIndex.close();
  server.close(
    () =>
      void analytics
        .close()
        .then(() => db.destroy())
        .then(() => process.exit(0)),
  );
  setTimeout(() => process.exit(0), 3000).unref();
};
process.once('SIGTERM', stop);
process.once('disconnect', stop); // the parent is gone
