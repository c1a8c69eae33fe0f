// Service times on SQLite and PostgreSQL: records of the four kinds inserted with known timestamps, inside the 7-day
// window, on its bounds and outside it, and still waiting; the hourly computation's stored figures compared with
// figures written out by hand and with the median and 95th percentile the test computes from the tables itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { SERVICE_KINDS, serviceTimeText, usualWaitText, type ServiceKind } from '#shared/contracts/public/service-times.ts';
import { nearestRank, refreshServiceTimes, serviceWindow, storedServiceTimes, usualWaits } from './service-times.ts';

let t: TestDb;
const HOUR = 3_600_000;
// A run at 14:37 in Buenos Aires covers the decisions from 14:00 on 8 March to 14:00 on 15 March (excluded).
const NOW = new Date('2026-03-15T14:37:00-03:00');
const FROM = new Date('2026-03-08T14:00:00-03:00');
const TO = new Date('2026-03-15T14:00:00-03:00');
const before = (when: Date, hours: number) => new Date(when.getTime() - hours * HOUR);
const inside = (day: number, hour = 10) => new Date(`2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00-03:00`);

let advertiserId: number;
const adIds: number[] = [];

async function verification(status: 'approved' | 'rejected' | 'pending', submitted: Date, decided: Date | null) {
  await t.db('verification_requests').insert({
    advertiser_id: advertiserId,
    method: 'manual',
    full_name: 'Persona de Prueba',
    birth_date: '1990-01-01',
    status,
    submitted_at: submitted,
    decided_at: decided,
  });
}
async function review(submitted: Date, decided: Date | null) {
  await t.db('ad_reviews').insert({ ad_id: null, submitted_at: submitted, decided_at: decided });
}
/** A photo check on an ad of its own (one open check per ad). */
async function photoCheck(status: 'approved' | 'rejected' | 'pending' | 'awaiting_selfie', submitted: Date | null, decided: Date | null) {
  const adId = await insertAd(t.db, advertiserId, { title: `Anuncio con fotos ${adIds.length + 1}` });
  adIds.push(adId);
  await t.db('photo_verification_requests').insert({
    ad_id: adId,
    advertiser_id: advertiserId,
    gesture: 'pulgar',
    status,
    requested_at: submitted ? before(submitted, 1) : inside(14),
    submitted_at: submitted,
    decided_at: decided,
  });
}
async function report(status: 'open' | 'resolved' | 'dismissed', created: Date, decided: Date | null) {
  await t.db('reports').insert({ ad_id: null, reason: 'estafa', status, hid_ad: false, created_at: created, decided_at: decided });
}

/** The waits of the decisions in [FROM, TO), counted directly from the tables with the bounds written out. */
async function waitsFromTables(db: Knex, kind: ServiceKind): Promise<number[]> {
  const between = (q: Knex.QueryBuilder) => q.where('decided_at', '>=', FROM).where('decided_at', '<', TO);
  const rows =
    kind === 'identity_verification'
      ? await between(db('verification_requests').whereIn('status', ['approved', 'rejected'])).select(
          'submitted_at as a',
          'decided_at as b',
        )
      : kind === 'ad_review'
        ? await between(db('ad_reviews')).select('submitted_at as a', 'decided_at as b')
        : kind === 'photo_verification'
          ? await between(db('photo_verification_requests').whereIn('status', ['approved', 'rejected'])).select(
              'submitted_at as a',
              'decided_at as b',
            )
          : await between(db('reports')).select('created_at as a', 'decided_at as b');
  return rows.map((r: { a: unknown; b: unknown }) => new Date(r.b as string).getTime() - new Date(r.a as string).getTime());
}
/** Nearest rank as the test writes it: the value at position ⌈p × n⌉ (1-based) of the sorted waits. */
function rank(waits: number[], p: number): number | null {
  if (!waits.length) return null;
  const sorted = waits.toSorted((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1]!;
}

beforeAll(async () => {
  t = await createTestDb();
  advertiserId = await insertAdvertiser(t.db);
  // Identity verifications: five decided in the window (1, 2, 3, 5 and 30 hours) → median 3 h, 95th percentile 30 h.
  await verification('approved', before(inside(9), 1), inside(9));
  await verification('rejected', before(inside(10), 2), inside(10));
  await verification('approved', before(inside(11), 3), inside(11));
  await verification('approved', before(inside(12), 5), inside(12));
  // Decided at the window's first instant: inside.
  await verification('approved', before(FROM, 30), FROM);
  // Decided at its end (the start of the current hour) and after: the next run's.
  await verification('approved', before(TO, 100), TO);
  await verification('rejected', before(NOW, 200), before(NOW, 0.1));
  // Decided a minute before the window: outside.
  await verification('approved', before(FROM, 400), before(FROM, 1 / 60));
  await verification('pending', inside(14), null);
  // Ad reviews: twenty decided in the window, waiting 1 to 20 hours → median (rank 10) 10 h, 95th percentile (rank 19) 19 h.
  for (let h = 1; h <= 20; h++) await review(before(inside(9 + (h % 6), 12), h), inside(9 + (h % 6), 12));
  await review(before(FROM, 2), before(FROM, 1)); // decided before the window
  await review(inside(15, 9), null); // still waiting
  // Photo checks: two decided in the window, 4 and 6 hours after the selfie → median (rank 1) 4 h, 95th percentile 6 h.
  await photoCheck('approved', before(inside(13), 6), inside(13));
  await photoCheck('rejected', before(inside(14, 8), 4), inside(14, 8));
  await photoCheck('approved', before(inside(1), 4), inside(1)); // a week before
  await photoCheck('pending', inside(15, 8), null); // the selfie sent, waiting for staff
  await photoCheck('awaiting_selfie', null, null); // waiting for the advertiser: not a wait for staff
  // Reports: none decided in the window (one before it, one after its end, one open).
  await report('resolved', before(FROM, 50), before(FROM, 2));
  await report('dismissed', before(TO, 3), TO);
  await report('open', inside(12), null);
});
afterAll(() => t.destroy());

describe('nearest rank', () => {
  it('is always one of the values: the one at rank ⌈p/100 × n⌉', () => {
    expect(nearestRank([], 50)).toBeNull();
    expect(nearestRank([7], 50)).toBe(7);
    expect(nearestRank([7], 95)).toBe(7);
    expect(nearestRank([4, 1, 3, 2], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(
      nearestRank(
        Array.from({ length: 20 }, (_, i) => 20 - i),
        95,
      ),
    ).toBe(19);
    expect(
      nearestRank(
        Array.from({ length: 21 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(20);
  });
});

describe('the hourly computation', () => {
  it('covers the 7 days before the start of the hour it runs in', () => {
    expect(serviceWindow(NOW)).toEqual({ from: FROM, to: TO });
    expect(serviceWindow(TO)).toEqual({ from: FROM, to: TO });
  });

  it('stores the figures written out by hand, and "Sin datos" where no decision fell in the window', async () => {
    const computed = await refreshServiceTimes(t.db, NOW);
    const stored = await storedServiceTimes(t.db);
    expect(stored).toEqual(computed);
    expect(stored).toMatchObject({ windowStart: FROM.toISOString(), computedAt: TO.toISOString() });
    expect(stored!.times).toEqual({
      identity_verification: { kind: 'identity_verification', decisions: 5, medianMs: 3 * HOUR, p95Ms: 30 * HOUR },
      ad_review: { kind: 'ad_review', decisions: 20, medianMs: 10 * HOUR, p95Ms: 19 * HOUR },
      photo_verification: { kind: 'photo_verification', decisions: 2, medianMs: 4 * HOUR, p95Ms: 6 * HOUR },
      report: { kind: 'report', decisions: 0, medianMs: null, p95Ms: null },
    });
    expect(serviceTimeText(stored!.times.report.medianMs)).toBe('Sin datos');
    expect(serviceTimeText(stored!.times.identity_verification.p95Ms)).toBe('30 h');
    expect(await usualWaits(t.db)).toEqual({
      identity_verification: 3 * HOUR,
      ad_review: 10 * HOUR,
      photo_verification: 4 * HOUR,
      report: null,
    });
    expect(usualWaitText(3 * HOUR)).toBe('Espera habitual: 3 h (mediana de los últimos 7 días)');
  });

  it('equals the median and 95th percentile computed from the tables directly', async () => {
    const stored = (await storedServiceTimes(t.db))!;
    for (const kind of SERVICE_KINDS) {
      const waits = await waitsFromTables(t.db, kind);
      expect(stored.times[kind], kind).toEqual({ kind, decisions: waits.length, medianMs: rank(waits, 0.5), p95Ms: rank(waits, 0.95) });
    }
  });

  it('stores the same again within the hour, and moves with the next hour', async () => {
    await refreshServiceTimes(t.db, new Date(NOW.getTime() + 20 * 60_000));
    expect((await storedServiceTimes(t.db))!.times.identity_verification).toMatchObject({ decisions: 5, medianMs: 3 * HOUR });
    // At 15:10 the window is 8 March 15:00 to 15 March 15:00: the decisions made at 14:00 and 14:31 today come in
    // (100 h and 199 h 54 min), the one made at 14:00 on 8 March (30 h) goes: 1, 2, 3, 5, 100 and 199.9 hours.
    const next = await refreshServiceTimes(t.db, new Date('2026-03-15T15:10:00-03:00'));
    expect(next.computedAt).toBe(new Date('2026-03-15T15:00:00-03:00').toISOString());
    expect(next.times.identity_verification).toMatchObject({ decisions: 6, medianMs: 3 * HOUR, p95Ms: 200 * HOUR - 6 * 60_000 });
    expect(next.times.report).toMatchObject({ decisions: 1, medianMs: 3 * HOUR });
    expect(await storedServiceTimes(t.db)).toEqual(next);
  });

  it('has no figure before its first run', async () => {
    const empty = await createTestDb();
    try {
      expect(await storedServiceTimes(empty.db)).toBeNull();
      expect(await usualWaits(empty.db)).toEqual({ identity_verification: null, ad_review: null, photo_verification: null, report: null });
    } finally {
      await empty.destroy();
    }
  });
});
