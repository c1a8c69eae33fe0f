import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { refreshSearchOrder, scheduledJobs, startJobs } from './jobs.ts';
import { runPlanJobs } from '#core/plans/plan-lifecycle.ts';
import { MemoryMailer } from './services/mail.ts';
import { persistAnalytics } from '#db/queries/analytics-ingest.ts';
import fs from 'node:fs';
import path from 'node:path';
import { insertedId } from '#db/dialect.ts';
import { refreshMarkedRanks } from '#db/queries/search-rank.ts';
import { sealedObjectKey, storeDocument } from './services/identity-vault.ts';
import { diskStore } from './services/object-store/disk-store.ts';
import { webPushSender } from './services/search-alerts-job.ts';
import { testConfig } from './testing/http.ts';
import { purgeIdentityDocuments } from '#api/services/identity-purge.ts';
import { storeAdImage } from './services/image-store.ts';
import {
  createRandom,
  demoPicture,
  insertAd,
  insertAdvertiser,
  insertAvailabilityWindow,
  insertDailyStats,
} from '#tooling/factories/index.ts';
import { hashBands, hashDistance } from '#shared/photo-hash.ts';
import { savePhotoHash } from '#db/queries/duplicates.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

/** One of the scheduled jobs, run now as its timer would. */
function runJob(name: string, now: Date): Promise<void> {
  const job = scheduledJobs({
    db: t.db,
    store: diskStore(t.dataDir),
    mailer: new MemoryMailer(),
    siteOrigin: 'https://velada.example',
    pushSender: webPushSender(t.db, testConfig(t.dataDir)),
  }).find((j) => j.name === name);
  return job!.run(now);
}

describe('refreshSearchOrder', () => {
  it('takes a plan that ended with the clock alone (no write marked it) out of the top of the default order', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const now = new Date();
    const id = await insertAd(t.db, advertiser, { plan: 'vip', planExpiresAt: new Date(now.getTime() + 60_000) });
    const rankOf = async () => (await t.db('ads').where('id', id).first()).search_rank;
    // A reader applies the insert's mark (docs/decisions/050-ranking.md); after that, nothing is marked.
    await refreshMarkedRanks(t.db, now);
    expect(await rankOf()).toBeGreaterThanOrEqual(200_000);
    await refreshSearchOrder(t.db, new Date(now.getTime() + 120_000));
    expect(await rankOf()).toBeLessThan(100_000);
  });
});

describe('the analytics-retention job', () => {
  it('deletes analytics events past the 13 months of retention', async () => {
    const old = {
      kind: 'event',
      visitorId: 'a0f0e0d0-0000-4000-8000-000000000001',
      sessionId: 'a0f0e0d0-0000-4000-8000-000000000002',
    } as const;
    await persistAnalytics(t.db, [
      { ...old, at: new Date('2025-01-10T12:00:00Z'), eventName: 'search', eventData: null, pagePath: '/' },
      { ...old, at: new Date('2026-11-10T12:00:00Z'), eventName: 'search', eventData: null, pagePath: '/' },
    ]);
    await runJob('analytics-retention', new Date('2026-11-22T12:00:00Z'));
    expect((await t.db('analytics_events').select('day')).map((r) => String(r.day).slice(0, 10))).toEqual(['2026-11-10']);
  });

  it('deletes "Disponible ahora" windows past the same 13 months', async () => {
    const adId = await insertAd(t.db, await insertAdvertiser(t.db));
    for (const startsAt of ['2025-10-20T22:00:00Z', '2025-10-23T22:00:00Z']) {
      await insertAvailabilityWindow(t.db, adId, { startsAt: new Date(startsAt) });
    }
    await runJob('analytics-retention', new Date('2026-11-22T12:00:00Z'));
    expect(
      (await t.db('availability_windows').where('ad_id', adId).select('starts_at')).map((r) => new Date(r.starts_at).toISOString()),
    ).toEqual(['2025-10-23T22:00:00.000Z']);
  });
});

describe('the ad-stats-retention job', () => {
  it("deletes ads' daily counts past the 13 months of retention, by Buenos Aires day", async () => {
    const ad = await insertAd(t.db, await insertAdvertiser(t.db));
    for (const day of ['2025-10-20', '2025-10-21', '2026-11-22']) await insertDailyStats(t.db, ad, day);
    // 23:30 of 21 November in Buenos Aires is already the 22nd in UTC: the cutoff is still 21 October 2025.
    await runJob('ad-stats-retention', new Date('2026-11-22T02:30:00Z'));
    expect((await t.db('ad_daily_stats').where('ad_id', ad).orderBy('day')).map((r) => r.day)).toEqual(['2025-10-21', '2026-11-22']);
    await runJob('ad-stats-retention', new Date('2026-11-22T12:00:00Z'));
    expect((await t.db('ad_daily_stats').where('ad_id', ad).orderBy('day')).map((r) => r.day)).toEqual(['2026-11-22']);
  });
});

describe('the identity-purge job', () => {
  it('deletes the documents of requests decided 7 days ago, files and rows, with an audit row each, and nothing else', async () => {
    const key = Buffer.alloc(32, 9);
    const store = diskStore(t.dataDir);
    const now = new Date('2026-11-22T12:00:00Z');
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const HOUR_MS = 3_600_000;
    const advertiser = await insertAdvertiser(t.db);
    const request = async (status: string, decidedAt: Date | null) => {
      const [row] = await t
        .db('verification_requests')
        .insert({
          advertiser_id: advertiser,
          method: 'manual',
          full_name: 'Prueba Purga',
          birth_date: '1990-01-01',
          status,
          submitted_at: days(60),
          decided_at: decidedAt,
        })
        .returning('id');
      const id = insertedId(row);
      const keys = [await storeDocument(store, key, Buffer.from('uno')), await storeDocument(store, key, Buffer.from('dos'))];
      await t
        .db('identity_documents')
        .insert(
          keys.map((file_key, i) => ({ request_id: id, kind: i ? 'dni_back' : 'dni_front', file_key, bytes: 3, created_at: days(60) })),
        );
      return { id, keys };
    };
    const old = await request('rejected', days(7));
    const recent = await request('approved', new Date(days(7).getTime() + HOUR_MS)); // 6 days and 23 hours ago
    const waiting = await request('pending', null);
    const exists = (fileKey: string) => fs.existsSync(path.join(t.dataDir, sealedObjectKey(fileKey)));

    await runJob('identity-purge', now);
    expect(old.keys.map(exists)).toEqual([false, false]);
    expect(await t.db('identity_documents').where('request_id', old.id)).toHaveLength(0);
    const kept = await t.db('verification_requests').where('id', old.id).first();
    expect(kept).toMatchObject({ status: 'rejected' });
    expect(new Date(kept.documents_purged_at)).toEqual(now);
    // One audit row per request purged, by no staff member, naming the request and how many files went; nothing of
    // the documents themselves.
    const rows = await t.db('audit_log').where('action', 'identity_documents_deleted');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_user_id: null, username: null, target_type: 'advertiser', target_id: String(advertiser) });
    expect(new Date(rows[0].created_at)).toEqual(now);
    const details = typeof rows[0].details === 'string' ? JSON.parse(rows[0].details) : rows[0].details;
    expect(details).toEqual({ requestId: old.id, files: 2 });
    for (const secret of [...old.keys, 'Prueba Purga', '1990-01-01']) expect(JSON.stringify(rows[0])).not.toContain(secret);
    for (const other of [recent, waiting]) {
      expect(other.keys.map(exists)).toEqual([true, true]);
      expect(await t.db('identity_documents').where('request_id', other.id)).toHaveLength(2);
    }
    // A second run finds nothing more to do, and records nothing more.
    expect(await purgeIdentityDocuments(t.db, store, now)).toBe(0);
    expect(await t.db('audit_log').where('action', 'identity_documents_deleted')).toHaveLength(1);
    // An hour later the 6-days-23-hours one is due too.
    await runJob('identity-purge', new Date(now.getTime() + HOUR_MS));
    expect(recent.keys.map(exists)).toEqual([false, false]);
  });
});

describe('the photo-hashes job', () => {
  it('hashes photos stored before hashes existed from their stored file, once; a missing file gets no hash', async () => {
    const store = diskStore(t.dataDir);
    const advertiser = await insertAdvertiser(t.db);
    const adId = await insertAd(t.db, advertiser, { title: 'Aviso con fotos anteriores a los hashes' });
    const picture = await demoPicture(createRandom(5));
    const stored = await storeAdImage(store, picture);
    const photo = async (fileKey: string, position: number) =>
      insertedId(
        (
          await t.db('ad_images').insert({ ad_id: adId, position, file_key: fileKey, width: 800, height: 1000, alt: 'x' }).returning('id')
        )[0],
      );
    const withFile = await photo(stored.key, 0);
    const withoutFile = await photo('0'.repeat(32), 1);

    await runJob('photo-hashes', new Date());
    const rows = await t.db('photo_hashes').whereIn('ad_image_id', [withFile, withoutFile]).orderBy('ad_image_id');
    expect(rows).toHaveLength(2);
    // The stored WebP gives the upload's hash, or one a bit or two away.
    expect(hashDistance(rows[0].hash, stored.hash!)).toBeLessThanOrEqual(2);
    expect([rows[0].b0, rows[0].b1, rows[0].b2, rows[0].b3]).toEqual(hashBands(rows[0].hash));
    expect(hashDistance(rows[0].mirror_hash, stored.mirrorHash!)).toBeLessThanOrEqual(2);
    expect(rows[1]).toMatchObject({ hash: null, b0: null, mirror_hash: null });

    await runJob('photo-hashes', new Date());
    expect(await t.db('photo_hashes').whereIn('ad_image_id', [withFile, withoutFile])).toHaveLength(2);
  });

  it('gives photos hashed before mirror hashes existed their mirror hash, from their stored file', async () => {
    const store = diskStore(t.dataDir);
    const adId = await insertAd(t.db, await insertAdvertiser(t.db), { title: 'Aviso con fotos anteriores al espejo' });
    const stored = await storeAdImage(store, await demoPicture(createRandom(6)));
    const photoId = insertedId(
      (
        await t
          .db('ad_images')
          .insert({ ad_id: adId, position: 0, file_key: stored.key, width: 800, height: 1000, alt: 'x' })
          .returning('id')
      )[0],
    );
    // As migration 039 left it: the hash, no mirror hash.
    await savePhotoHash(t.db, photoId, { hash: stored.hash, mirrorHash: null });

    await runJob('photo-hashes', new Date());
    const row = await t.db('photo_hashes').where('ad_image_id', photoId).first();
    expect(hashDistance(row.mirror_hash, stored.mirrorHash!)).toBeLessThanOrEqual(2);
    expect(hashDistance(row.hash, stored.hash!)).toBeLessThanOrEqual(2);
    expect(await t.db('photo_hashes').where('ad_image_id', photoId)).toHaveLength(1);
  });
});

describe('runPlanJobs', () => {
  it('mails each advertiser whose renewal it created, once however often it runs', async () => {
    const email = `renueva${Date.now()}@example.com`;
    const advertiser = await insertAdvertiser(t.db, { email, fullName: 'Renata Renueva' });
    const now = new Date('2026-11-22T15:00:00Z');
    await insertAd(t.db, advertiser, {
      title: 'Aviso que renueva',
      plan: 'vip',
      planExpiresAt: new Date(now.getTime() + 3 * 86_400_000),
      publishedAt: now,
    });
    const mailer = new MemoryMailer();
    await runPlanJobs({ db: t.db, mailer, siteOrigin: 'https://velada.example' }, now);
    await runPlanJobs({ db: t.db, mailer, siteOrigin: 'https://velada.example' }, now);
    const mails = mailer.sent.filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Tu plan VIP termina el 25 de noviembre de 2026');
    const renewal = await t.db('payments').where({ advertiser_id: advertiser, kind: 'renewal' }).first();
    expect(mails[0]!.text).toContain(`https://velada.example/mi-cuenta/pagos/${renewal.reference}`);
    expect(mails[0]!.text).toContain('Aviso que renueva');
  });
});

describe('startJobs', () => {
  it('stops with the runs in progress finished, so the database can close right after without cutting them off', async () => {
    // A database of its own, closed right after stopping, as the server closes its own at shutdown.
    const own = await createTestDb();
    const errors: unknown[] = [];
    // The jobs' lines only (a run cut off logs "Job … failed"): a worker running test files one after another may
    // still log for an earlier file (decision 052).
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
      if (String(args[0]).startsWith('Job ')) errors.push(args);
    });
    try {
      const pgBossSchema = own.schema && `${own.schema}_jobs`;
      const stop = await startJobs(
        {
          db: own.db,
          store: diskStore(own.dataDir),
          mailer: new MemoryMailer(),
          siteOrigin: 'https://velada.example',
          pushSender: webPushSender(own.db, testConfig(own.dataDir)),
        },
        { pgBossSchema },
      );
      await stop();
      if (pgBossSchema) await own.db.raw(`drop schema ${pgBossSchema} cascade`);
      await own.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100)); // what a run cut off would log, it logs by now
      expect(errors).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the service-times job', () => {
  it('stores the waits of the last 7 days as of the start of the hour (core/service-times/ checks the figures)', async () => {
    // Years after the other tests' requests, so that this one is alone in its 7 days.
    const advertiser = await insertAdvertiser(t.db);
    await t.db('verification_requests').insert({
      advertiser_id: advertiser,
      method: 'manual',
      full_name: 'Persona de Prueba',
      birth_date: '1990-01-01',
      status: 'approved',
      submitted_at: new Date('2031-03-10T10:00:00Z'),
      decided_at: new Date('2031-03-10T12:30:00Z'),
    });
    await runJob('service-times', new Date('2031-03-12T12:45:00Z'));
    const row = await t.db('service_times').where('kind', 'identity_verification').first();
    expect(new Date(row.computed_at).toISOString()).toBe('2031-03-12T12:00:00.000Z');
    expect(Number(row.median_ms)).toBe(150 * 60_000);
  });
});
