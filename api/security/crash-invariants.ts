// What the crash test requires of the database and the disk after every kill (api/security/crash.test.ts): a
// sound database whose every change is whole, and stored files written to their end.
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { adImageObjectKey } from '#api/services/image-store.ts';
import { AD_IMAGE_WIDTHS } from '#shared/photo-urls.ts';
import { refreshMarkedRanks } from '#db/queries/search-rank.ts';

const ms = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).getTime());

/** A WebP file written to its end: the RIFF header's length matches the file's. */
export function wholeWebp(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const bytes = fs.readFileSync(file);
  return bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.readUInt32LE(4) + 8 === bytes.length;
}

/** What the database must say after any crash: sound, and every change it holds whole. */
export async function expectSoundAndWhole(
  db: Knex,
  where: { dataDir: string; dialect: 'sqlite' | 'postgres'; worldReportIds: number[] },
): Promise<void> {
  if (where.dialect === 'sqlite') {
    expect(await db.raw('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(await db.raw('PRAGMA foreign_key_check')).toEqual([]);
  }

  // Photos: each row's files written to the end, positions 0..n-1 with no gap or repeat.
  const photos = await db('ad_images').select('ad_id', 'position', 'file_key').orderBy(['ad_id', 'position']);
  for (const photo of photos) {
    for (const width of AD_IMAGE_WIDTHS)
      expect(wholeWebp(path.join(where.dataDir, adImageObjectKey(photo.file_key, width))), `photo ${photo.file_key}-${width}`).toBe(true);
  }
  const positions = new Map<number, number[]>();
  for (const photo of photos) positions.set(photo.ad_id, [...(positions.get(photo.ad_id) ?? []), photo.position]);
  for (const [adId, list] of positions) expect(list, `photo positions of ad ${adId}`).toEqual(list.map((_, i) => i));
  // "Fotos reales": an ad's flag, with its date, exactly when it has photos and all are verified (photos-verified.ts).
  const unverified = new Set(await db('ad_images').whereNull('verified_at').pluck('ad_id'));
  for (const ad of await db('ads').select('id', 'photos_verified', 'photos_verified_at')) {
    const expected = positions.has(ad.id) && !unverified.has(ad.id);
    expect([Boolean(ad.photos_verified), ad.photos_verified_at !== null], `photos_verified of ad ${ad.id}`).toEqual([expected, expected]);
  }

  // Payments and plans: a completed payment has its processing and its plan's end; an ad's paid plan comes from
  // a completed payment for it, and a published ad with a plan in force ranks in its plan's tier.
  const payments = await db('payments').select('id', 'ad_id', 'status', 'plan', 'plan_until', 'processed_at', 'processed_by');
  for (const p of payments) {
    if (p.status === 'completed') {
      expect(p.processed_at, `payment ${p.id} processed_at`).not.toBeNull();
      if (p.ad_id && p.plan) expect(p.plan_until, `payment ${p.id} plan_until`).not.toBeNull();
    } else {
      expect([p.processed_at, p.plan_until], `payment ${p.id} (${p.status})`).toEqual([null, null]);
    }
  }
  // Ranks as every reader reads them: the marks a crash left are applied first (docs/decisions/050-ranking.md).
  await refreshMarkedRanks(db);
  const ads = await db('ads').select('id', 'state', 'plan', 'plan_expires_at', 'search_rank');
  const adsById = new Map(ads.map((ad) => [ad.id, ad]));
  for (const ad of ads.filter((a) => a.plan !== 'gratuito')) {
    const paid = payments.filter((p) => p.ad_id === ad.id && p.status === 'completed' && p.plan === ad.plan);
    expect(paid.length, `ad ${ad.id} on ${ad.plan} without a completed payment`).toBeGreaterThan(0);
    // The plan ends at the end its last payment gave it, or later (time held is given back).
    expect(ms(ad.plan_expires_at)!, `ad ${ad.id} plan end`).toBeGreaterThanOrEqual(Math.max(...paid.map((p) => ms(p.plan_until)!)));
    if (ad.state === 'published' && ms(ad.plan_expires_at)! > Date.now())
      expect(Math.floor(ad.search_rank / 100_000), `ad ${ad.id} rank`).toBe(1);
  }
  for (const p of payments.filter((p) => p.status === 'completed' && p.ad_id && p.plan)) {
    expect(adsById.get(p.ad_id)?.plan, `the ad of payment ${p.id}`).toBe(p.plan);
  }

  // Reports: each keeps its snapshot and the evidence it names; an open report that hid an ad keeps it held, and
  // a held ad has an open report that hid it.
  const reports = await db('reports').select('id', 'ad_id', 'status', 'hid_ad', 'ad_snapshot');
  const evidence = await db('report_evidence').select('report_id', 'file_key');
  // (The world's own reports were inserted without the app, so they have no snapshot.)
  for (const r of reports.filter((report) => report.ad_id !== null && !where.worldReportIds.includes(report.id))) {
    expect(r.ad_snapshot, `report ${r.id} snapshot`).not.toBeNull();
    const snapshot = typeof r.ad_snapshot === 'string' ? JSON.parse(r.ad_snapshot) : r.ad_snapshot;
    const kept = evidence.filter((e) => e.report_id === r.id).map((e) => e.file_key);
    expect([...kept].sort(), `report ${r.id} evidence`).toEqual([...snapshot.photoKeys].sort());
    if (r.status === 'open' && r.hid_ad && adsById.has(r.ad_id)) expect(adsById.get(r.ad_id)!.state, `ad of report ${r.id}`).toBe('held');
    if (r.status !== 'dismissed')
      for (const key of kept) expect(wholeWebp(path.join(where.dataDir, adImageObjectKey(key, 400))), `evidence ${key}`).toBe(true);
  }
  for (const ad of ads.filter((a) => a.state === 'held')) {
    expect(
      reports.some((r) => r.ad_id === ad.id && r.status === 'open' && r.hid_ad),
      `held ad ${ad.id} without an open hiding report`,
    ).toBe(true);
  }

  // Rates: an ad that has any keeps as its price per hour the lowest 1-hour rate, written in the same transaction.
  // (The world's ads were inserted without the app, with a price and no rates.)
  const rates = await db('ad_rates').select('ad_id', 'duration', 'amount');
  const prices = new Map((await db('ads').select('id', 'price_per_hour')).map((a) => [a.id, a.price_per_hour]));
  for (const adId of new Set(rates.map((r) => r.ad_id))) {
    const hourly = rates.filter((r) => r.ad_id === adId && r.duration === '1h').map((r) => Number(r.amount));
    const price = prices.get(adId);
    expect(price === null ? null : Number(price), `ad ${adId} price per hour`).toBe(hourly.length ? Math.min(...hourly) : null);
  }
}

/** Every stored file's key, by folder. */
export function keysOnDisk(dir: string, pattern: RegExp): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir)
      .map((name) => pattern.exec(name)?.[1])
      .filter((key): key is string => Boolean(key)),
  );
}
