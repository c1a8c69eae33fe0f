import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '../db/factories/index.ts';
import { refreshSearchOrder, runHourlyJobs } from './jobs.ts';
import { persistAnalytics } from '../db/queries/analytics-ingest.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('refreshSearchOrder', () => {
  it('takes an ended plan out of the top of the default order', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const id = await insertAd(t.db, advertiser, { plan: 'vip', planExpiresAt: new Date(Date.now() + 60_000) });
    const rankOf = async () => (await t.db('ads').where('id', id).first()).search_rank;
    expect(await rankOf()).toBeGreaterThanOrEqual(200_000);
    await t.db('ads').where('id', id).update({ plan_expires_at: new Date(Date.now() - 60_000) });
    await refreshSearchOrder(t.db);
    expect(await rankOf()).toBeLessThan(100_000);
  });
});

describe('runHourlyJobs', () => {
  it('deletes analytics events past the 13 months of retention', async () => {
    const old = { kind: 'event', visitorId: 'a0f0e0d0-0000-4000-8000-000000000001', sessionId: 'a0f0e0d0-0000-4000-8000-000000000002' } as const;
    await persistAnalytics(t.db, [
      { ...old, at: new Date('2025-01-10T12:00:00Z'), eventName: 'search', eventData: null, pagePath: '/' },
      { ...old, at: new Date('2026-11-10T12:00:00Z'), eventName: 'search', eventData: null, pagePath: '/' },
    ]);
    await runHourlyJobs(t.db, new Date('2026-11-22T12:00:00Z'));
    expect((await t.db('analytics_events').select('day')).map((r) => String(r.day).slice(0, 10))).toEqual(['2026-11-10']);
  });
});
