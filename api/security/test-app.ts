// The whole app for a security test file, on its own database (SQLite, or PostgreSQL in the postgres project),
// with MercadoPago faked, identity documents sealed with a fixed key, and what seedWorld needs from outside.
import type Koa from 'koa';
import { createApp } from '#api/app.ts';
import { AnalyticsWriter } from '#api/services/analytics-writer.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { AdStatsCounter } from '#api/services/ad-stats.ts';
import { storeAdImage } from '#api/services/image-store.ts';
import { storeDocument } from '#api/services/identity-vault.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import type { ObjectStore } from '#api/services/object-store/object-store.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { serve, testConfig, type TestServer } from '#api/testing/http.ts';
import { startFakeMercadoPago } from '#api/testing/fake-mercadopago.ts';
import { testJpeg, testPng } from '#api/testing/images.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { apiRoutesOf, type ApiRoute } from './route-catalogue.ts';
import { OWNER_PASSWORD, type WorldAssets } from './world.ts';

export interface SecurityTestApp {
  t: TestDb;
  app: Koa;
  server: TestServer;
  analytics: AnalyticsWriter;
  /** Every route of the app's routers. */
  routes: ApiRoute[];
  assets: WorldAssets;
  /** Where the app keeps its files (DATA_DIR). */
  store: ObjectStore;
  /** A valid JPEG, for documents, receipts and photos. */
  jpeg: Buffer;
  png: Buffer;
  close(): Promise<void>;
}

const IDENTITY_KEY = Buffer.alloc(32, 7);

export async function securityTestApp(): Promise<SecurityTestApp> {
  const t = await createTestDb();
  const fake = await startFakeMercadoPago();
  const analytics = new AnalyticsWriter(t.db);
  const store = diskStore(t.dataDir);
  // Ad statistics are written when the app closes, not a second after a request: a count written meanwhile would look
  // like a change made by whichever request came next.
  const adStats = new AdStatsCounter(t.db, { flushEveryMs: 3_600_000 });
  const app = await createApp({
    db: t.db,
    config: testConfig(t.dataDir, {
      identityKey: IDENTITY_KEY,
      mercadoPago: { accessToken: fake.accessToken, webhookSecret: 'secreto-del-webhook', apiUrl: fake.url },
    }),
    analytics,
    mailer: new MemoryMailer(),
    store,
    adStats,
  });
  const server = await serve(app);
  const [jpeg, png] = await Promise.all([testJpeg(), testPng()]);
  const assets: WorldAssets = {
    photoKey: (await storeAdImage(store, png)).key,
    newDocument: () => storeDocument(store, IDENTITY_KEY, jpeg),
    newReceipt: () => storeDocument(store, IDENTITY_KEY, jpeg, 'receipts'),
    ownerPasswordHash: await hashPassword(OWNER_PASSWORD),
  };
  return {
    t,
    app,
    server,
    analytics,
    routes: apiRoutesOf(app),
    assets,
    store,
    jpeg,
    png,
    async close() {
      await server.close();
      await analytics.close();
      await adStats.close();
      await fake.close();
      await t.destroy();
    },
  };
}
