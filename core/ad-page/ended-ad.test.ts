// The address of an ad no longer published: 404 while it may come back, 410 once gone (deleted: kept by the trigger
// of db/migrations/035-ended-ads.ts), published ads of its category and zone; nothing for an ad never published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { endedAd } from './ended-ad.ts';
import { SIMILAR_ADS } from './similar-ads.ts';

let t: TestDb;
let advertiser: number;
const publishedNearby: number[] = [];

beforeAll(async () => {
  t = await createTestDb();
  advertiser = await insertAdvertiser(t.db);
  // Palermo and Recoleta share a zone; Boedo does not; trans is another category.
  for (const barrio of ['palermo', 'recoleta', 'palermo', 'recoleta', 'palermo', 'recoleta', 'palermo'])
    publishedNearby.push(await insertAd(t.db, advertiser, { category: 'masajes', barrio }));
  await insertAd(t.db, advertiser, { category: 'masajes', barrio: 'boedo' });
  await insertAd(t.db, advertiser, { category: 'trans', barrio: 'palermo' });
});
afterAll(() => t.destroy());

const ended = (state: string) => insertAd(t.db, advertiser, { category: 'masajes', barrio: 'palermo', state: state as 'paused' });

describe('endedAd', () => {
  it('answers 404 for an ad that may come back, with six published ads of its category and zone', async () => {
    for (const state of ['paused', 'expired', 'held']) {
      const view = await endedAd(t.db, await ended(state));
      expect(view, state).toMatchObject({ status: 404, category: 'masajes', zone: 'premium' });
      expect(view!.similar).toHaveLength(SIMILAR_ADS);
      for (const card of view!.similar) expect(publishedNearby).toContain(card.id);
      expect(view!.searchPath).toBe('/buscar?categoria=masajes&zona=premium');
    }
  });

  it('answers 410 once removed by staff, and once deleted', async () => {
    expect((await endedAd(t.db, await ended('removed')))?.status).toBe(410);
    const deleted = publishedNearby.pop()!;
    await t.db('ads').where('id', deleted).delete();
    const view = await endedAd(t.db, deleted);
    expect(view).toMatchObject({ status: 410, category: 'masajes', zone: 'premium' });
    expect(view!.similar.map((card) => card.id)).not.toContain(deleted);
  });

  it('answers nothing for an ad never published, or an id that never was', async () => {
    const draft = await insertAd(t.db, advertiser, { state: 'draft' });
    await t.db('ads').where('id', draft).update({ published_at: null });
    expect(await endedAd(t.db, draft)).toBeNull();
    await t.db('ads').where('id', draft).delete();
    expect(await endedAd(t.db, draft)).toBeNull();
    expect(await endedAd(t.db, 99_999_999)).toBeNull();
    expect(await endedAd(t.db, null)).toBeNull();
  });
});
