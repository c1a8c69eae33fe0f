// Ranks kept by the database (docs/decisions/050-ranking.md): a state change through any path (moderation, a plan
// starting or ending, the advertiser pausing, a report holding the ad and its dismissal, a move to another category,
// a delete, SQL by hand through another connection) changes the order of search, with no refresh called by anyone
// but the readers themselves. After each change every category's turns are whole: its paid ads of one tier hold the
// tier's top ranks, one each, with no gap left by an ad that went. On SQLite, and on PostgreSQL in its project.
import { describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { adRow, insertAd, insertAdvertiser, type AdInput } from '#tooling/factories/index.ts';
import { usePlansDb, t, NOW, purchase, paid } from '#tooling/testing/plans.ts';
import { knexConfig } from '#db/connection.ts';
import { addDays } from '#shared/plans.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { TIER_WEIGHT, planTier } from '#shared/ranking.ts';
import { createAdministrator } from './admin/administrators.ts';
import { approveAd, refuseAd } from './admin/moderation.ts';
import { changeOwnAd } from '#core/own-ads/change-own-ad.ts';
import { deleteOwnAd } from '#core/own-ads/delete-own-ad.ts';
import { endPlans } from '#core/plans/plan-lifecycle.ts';
import { createReport, decideReport } from './reports.ts';
import { searchAds } from './search-ads.ts';
import { loadIndexRows } from './search-index-rows.ts';
import { vipAds } from './vip-ads.ts';

usePlansDb();

const PLAN_END = addDays(NOW, 20);
const vip = { plan: 'vip', planExpiresAt: PLAN_END } as const;
const premium = { plan: 'premium', planExpiresAt: PLAN_END } as const;

/** The ids of a category's search in the default order at `now`. */
const order = async (categoria: string, now = NOW) =>
  (await searchAds(t.db, parseSearchParams(new URLSearchParams({ categoria })), now)).ads.map((a) => a.id);

async function ads(advertiser: number, category: AdInput['category'], inputs: AdInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const input of inputs) ids.push(await insertAd(t.db, advertiser, { category, publishedAt: addDays(NOW, -1), ...input }));
  return ids;
}

/** Every category's turn-takers of each tier hold the tier's top ranks, one each, as a reader of ranks finds them. */
async function expectWholeTurns(now = NOW): Promise<void> {
  const turns = new Map<string, number[]>();
  for (const row of await loadIndexRows(t.db, now)) {
    const tier = planTier(row.plan, row.planExpiresAt, now.getTime());
    turns.set(`${row.category} ${tier}`, [...(turns.get(`${row.category} ${tier}`) ?? []), row.searchRank]);
  }
  for (const [group, ranks] of turns) {
    const tier = Number(group.split(' ')[1]);
    const top = (tier + 1) * TIER_WEIGHT - 1;
    expect(
      ranks.sort((a, b) => b - a),
      group,
    ).toEqual(ranks.map((_, place) => top - place));
  }
}

describe('a state change reorders search with no refresh called', () => {
  it('moderation: an approved VIP takes a turn; a removed one leaves no gap in the turns', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [free, first, second] = await ads(advertiser, 'escorts', [{}, vip, vip]);
    const waiting = await insertAd(t.db, advertiser, { category: 'escorts', state: 'pending', ...vip });
    const before = await order('escorts');
    expect([new Set(before.slice(0, 2)), before[2]]).toEqual([new Set([first, second]), free]);
    expect(await approveAd(t.db, waiting, NOW)).toBe('ok');
    expect(new Set((await order('escorts')).slice(0, 3))).toEqual(new Set([first, second, waiting]));
    await expectWholeTurns();
    expect(await refuseAd(t.db, second!, 'remove', 'Fotos que no son de la persona.', NOW)).toBe('ok');
    expect(new Set((await order('escorts')).slice(0, 2))).toEqual(new Set([first, waiting]));
    expect(await order('escorts')).not.toContain(second);
    await expectWholeTurns();
  });

  it('plans: a completed payment lifts the ad to VIP, the end of the plan takes it back below Premium', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [paying, premiumAd] = await ads(advertiser, 'masajes', [{}, premium]);
    expect((await order('masajes'))[0]).toBe(premiumAd);
    const bought = await purchase(advertiser, paying!);
    if (!bought.ok) throw new Error(`purchase refused: ${JSON.stringify(bought)}`);
    await paid(bought.payment.id);
    expect((await order('masajes')).slice(0, 2)).toEqual([paying, premiumAd]);
    expect((await vipAds(t.db, { category: 'masajes' }, NOW)).map((a) => a.id)).toEqual([paying]);
    await expectWholeTurns();

    // The VIP plan ends at NOW + 30 days; Premium runs on.
    const ended = addDays(NOW, 31);
    await t
      .db('ads')
      .where('id', premiumAd)
      .update({ plan_expires_at: addDays(NOW, 60) });
    expect(await endPlans(t.db, ended)).toBeGreaterThanOrEqual(1);
    expect(await order('masajes', ended)).toEqual([premiumAd, paying]);
    expect(await vipAds(t.db, { category: 'masajes' }, ended)).toEqual([]);
    await expectWholeTurns(ended);
  });

  it('the advertiser: a paused VIP leaves its turn to the others, and takes one again when resumed', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [free, paused, other] = await ads(advertiser, 'trans', [{}, vip, vip]);
    await expect(changeOwnAd(t.db, advertiser, paused!, 'pause', NOW)).resolves.toBeUndefined();
    expect((await order('trans')).slice(0, 2)).toEqual([other, free]);
    await expectWholeTurns();
    await expect(changeOwnAd(t.db, advertiser, paused!, 'resume', NOW)).resolves.toBeUndefined();
    expect(new Set((await order('trans')).slice(0, 2))).toEqual(new Set([paused, other]));
    await expectWholeTurns();
  });

  it('reports: an ad held by a report leaves the turns; dismissed, it takes its turn again', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [free, reported, other] = await ads(advertiser, 'encuentros', [{}, vip, vip]);
    const report = await createReport(
      t.db,
      { adId: reported!, adReference: String(reported), reason: 'posible_menor', details: null, contactEmail: null, reporterKey: null },
      NOW,
    );
    expect((await order('encuentros')).slice(0, 2)).toEqual([other, free]);
    await expectWholeTurns();
    const admin = await createAdministrator(t.db, { username: 'moderadora', fullName: 'Moderadora', passwordHash: 'x', permissions: [] });
    expect(await decideReport(t.db, report.id, 'dismissed', admin, NOW)).toEqual({ releasedAdId: reported });
    expect(new Set((await order('encuentros')).slice(0, 2))).toEqual(new Set([reported, other]));
    await expectWholeTurns();
  });

  it('SQL by hand through another connection, a move to another category and a delete', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const [free, moved, deleted, staying] = await ads(advertiser, 'taxi-boys', [{}, vip, vip, {}]);
    const other: Knex = knexFactory({ ...knexConfig(t.url, t.dataDir), ...(t.schema ? { searchPath: [t.schema] } : {}) });
    try {
      // Another process (or a fix in SQL) gives an ad Premium: it comes right after the VIPs.
      await other('ads').where('id', staying).update({ plan: 'premium', plan_expires_at: PLAN_END });
    } finally {
      await other.destroy();
    }
    expect((await order('taxi-boys')).slice(2, 4)).toEqual([staying, free]);
    await t.db('ads').where('id', moved).update({ category: 'escorts' });
    expect(await order('taxi-boys')).not.toContain(moved);
    expect(await order('escorts')).toContain(moved);
    await expectWholeTurns();
    expect(await deleteOwnAd(t.db, advertiser, deleted!)).toMatchObject({ photoKeys: [] });
    expect((await order('taxi-boys')).slice(0, 2)).toEqual([staying, free]);
    await expectWholeTurns();
  });

  it('a bulk write marking more ads than are named one by one: the next reader refreshes every rank', async () => {
    const advertiser = await insertAdvertiser(t.db);
    const rows = Array.from({ length: 600 }, (_, i) => adRow(advertiser, { category: 'encuentros', title: `Aviso en lote ${i}` }, NOW));
    for (let i = 0; i < rows.length; i += 100) await t.db('ads').insert(rows.slice(i, i + 100));
    const bulk = (await loadIndexRows(t.db, NOW)).filter((row) => row.searchText.includes('en lote'));
    expect(bulk).toHaveLength(600);
    // Every published ad of every tier and category has its turn: the 600 new ones included.
    await expectWholeTurns();
  });
});
