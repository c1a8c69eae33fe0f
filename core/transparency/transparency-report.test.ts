// The transparency report's figures on SQLite and PostgreSQL: rows inserted across months (ad reviews, staff
// decisions in the audit log, reports, verifications), each figure compared with a count the test makes itself from
// the tables with Buenos Aires month bounds written out, medians included, instants either side of a month's
// midnight in Buenos Aires, months with no data, months before submissions were counted, and the cache the pages read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { AD_REVIEWS_SINCE_KEY } from '#db/queries/transparency.ts';
import { UNCATEGORISED, type MonthFigures } from '#shared/contracts/public/transparency.ts';
import { cachedTransparencyReport, REPORT_CACHE_MS, transparencyReport } from './transparency-report.ts';

let t: TestDb;
// Mid-March 2026 in Buenos Aires: the report shows March 2025 to March 2026.
const NOW = new Date('2026-03-15T12:00:00-03:00');
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** The month's bounds as the test writes them: midnight of the 1st in Buenos Aires (UTC-3, no daylight saving). */
function bounds(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [new Date(`${month}-01T00:00:00-03:00`), new Date(`${next}-01T00:00:00-03:00`)];
}

function middle(values: number[]): number | null {
  if (!values.length) return null;
  const s = values.toSorted((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function countIn(db: Knex, table: string, column: string, month: string, where: Record<string, unknown> = {}): Promise<number> {
  const [start, end] = bounds(month);
  const row = await db(table).where(where).where(column, '>=', start).where(column, '<', end).count({ n: '*' }).first();
  return Number(row!.n);
}

async function durationsIn(db: Knex, table: string, from: string, to: string, month: string, where: Record<string, unknown> = {}) {
  const [start, end] = bounds(month);
  const rows = await db(table).where(where).where(to, '>=', start).where(to, '<', end).select(from, to);
  return rows.map((r) => new Date(r[to]).getTime() - new Date(r[from]).getTime());
}

async function review(submitted: string, decided: string | null) {
  await t.db('ad_reviews').insert({ ad_id: null, submitted_at: at(submitted), decided_at: decided ? at(decided) : null });
}
async function decision(action: 'ad_approved' | 'ad_rejected' | 'ad_removed', when: string, category?: string) {
  await t.db('audit_log').insert({
    created_at: at(when),
    action,
    username: 'moderadora',
    target_type: 'ad',
    target_id: '1',
    details: action === 'ad_approved' ? null : JSON.stringify({ reason: 'Motivo de prueba.', ...(category ? { category } : {}) }),
  });
}
async function report(reason: string, created: string, decided: string | null, hidAd = false) {
  await t.db('reports').insert({
    ad_id: null,
    reason,
    status: decided ? 'resolved' : 'open',
    hid_ad: hidAd,
    created_at: at(created),
    decided_at: decided ? at(decided) : null,
  });
}
let advertiserId: number;
async function verification(status: 'approved' | 'rejected' | 'pending', submitted: string, decided: string | null) {
  await t.db('verification_requests').insert({
    advertiser_id: advertiserId,
    method: 'manual',
    full_name: 'Persona de Prueba',
    birth_date: '1990-01-01',
    status,
    submitted_at: at(submitted),
    decided_at: decided ? at(decided) : null,
  });
}

let report0: Awaited<ReturnType<typeof transparencyReport>>;
const month = (m: string): MonthFigures => report0.months.find((f) => f.month === m)!;

beforeAll(async () => {
  t = await createTestDb();
  advertiserId = await insertAdvertiser(t.db);
  // Submissions are counted from 10 June 2025 (as if migration 029 had run then).
  await t.db('settings').where('key', AD_REVIEWS_SINCE_KEY).update({ value: '2025-06-10T03:00:00.000Z' });

  // Ad reviews. December: 23:30 on the 31st in Buenos Aires is already January in UTC; it counts for December.
  await review('2025-12-31T23:30:00-03:00', '2026-01-01T01:30:00-03:00'); // decided in January, 2 h
  await review('2026-01-01T00:10:00-03:00', '2026-01-01T04:10:00-03:00'); // January, 4 h
  await review('2026-01-05T10:00:00-03:00', '2026-01-06T10:00:00-03:00'); // January, 24 h
  await review('2026-01-20T10:00:00-03:00', '2026-01-20T11:00:00-03:00'); // January, 1 h → median of 1, 2, 4, 24 = 3 h
  await review('2025-12-10T10:00:00-03:00', null); // still waiting
  await review('2026-03-02T10:00:00-03:00', '2026-03-02T16:00:00-03:00'); // March so far, 6 h
  await review('2025-06-20T10:00:00-03:00', '2025-06-21T10:00:00-03:00'); // the month counting began
  await review('2025-02-20T10:00:00-03:00', '2025-02-21T10:00:00-03:00'); // before the window

  // Staff decisions.
  await decision('ad_approved', '2026-01-01T01:30:00-03:00');
  await decision('ad_approved', '2026-01-06T10:00:00-03:00');
  await decision('ad_rejected', '2026-01-01T04:10:00-03:00', 'posible_menor');
  await decision('ad_rejected', '2026-01-20T11:00:00-03:00', 'fotos');
  await decision('ad_rejected', '2025-12-31T23:59:00-03:00', 'fotos'); // December, not January
  await decision('ad_rejected', '2025-04-03T10:00:00-03:00'); // before categories: uncategorised
  await decision('ad_removed', '2026-02-28T23:00:00-03:00', 'contenido'); // February (March 1st in UTC)
  await decision('ad_approved', '2025-02-28T20:00:00-03:00'); // before the window

  // Reports.
  await report('posible_menor', '2026-01-10T10:00:00-03:00', '2026-01-10T12:00:00-03:00', true); // 2 h
  await report('estafa', '2026-01-11T10:00:00-03:00', '2026-01-12T10:00:00-03:00'); // 24 h
  await report('estafa', '2026-01-31T22:00:00-03:00', '2026-02-01T02:00:00-03:00'); // created January, decided February, 4 h
  await report('posible_trata', '2026-02-15T10:00:00-03:00', null, true);
  await report('otro', '2025-03-01T00:05:00-03:00', null); // the first minutes of the window's first month

  // Verifications.
  await verification('approved', '2026-01-02T10:00:00-03:00', '2026-01-03T10:00:00-03:00'); // 24 h
  await verification('rejected', '2026-01-02T10:00:00-03:00', '2026-01-02T16:00:00-03:00'); // 6 h
  await verification('approved', '2026-01-09T10:00:00-03:00', '2026-01-09T22:00:00-03:00'); // 12 h → median 12 h
  await verification('pending', '2026-03-01T10:00:00-03:00', null);
  await verification('approved', '2026-02-27T10:00:00-03:00', '2026-03-01T01:00:00-03:00'); // March (BA), 39 h

  report0 = await transparencyReport(t.db, NOW);
});
afterAll(() => t.destroy());

describe('transparency report', () => {
  it('shows the 12 months before the current one and the current one, marked, oldest first', () => {
    expect(report0.months.map((m) => m.month)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(report0.months.filter((m) => m.current).map((m) => m.month)).toEqual(['2026-03']);
    expect(report0.adReviewsSince).toBe('2025-06-10T03:00:00.000Z');
  });

  it('counts January 2026 as written out', () => {
    expect(month('2026-01')).toMatchObject({
      hasData: true,
      adsSubmitted: 3,
      adsApproved: 2,
      adsRejected: 2,
      adsRemoved: 0,
      medianAdDecisionMs: 3 * HOUR,
      adDecisionsTimed: 4,
      reportsReceived: 3,
      adsHiddenByReports: 1,
      reportsDecided: 2,
      medianReportDecisionMs: 13 * HOUR,
      verificationsApproved: 2,
      verificationsRejected: 1,
      medianVerificationWaitMs: 12 * HOUR,
    });
    expect(month('2026-01').rejectedByCategory).toMatchObject({ posible_menor: 1, fotos: 1, otro: 0, [UNCATEGORISED]: 0 });
    expect(month('2026-01').reportsByReason).toEqual({ posible_menor: 1, posible_trata: 0, estafa: 2, fotos_falsas: 0, otro: 0 });
  });

  it('puts instants by their Buenos Aires month, not their UTC one', () => {
    expect(month('2025-12')).toMatchObject({ adsSubmitted: 2, adsRejected: 1 });
    expect(month('2026-02')).toMatchObject({ adsRemoved: 1, reportsDecided: 1, medianReportDecisionMs: 4 * HOUR, adsHiddenByReports: 1 });
    expect(month('2026-03')).toMatchObject({ adsRemoved: 0, verificationsApproved: 1, medianVerificationWaitMs: 39 * HOUR });
    expect(month('2025-03')).toMatchObject({ reportsReceived: 1, reportsByReason: expect.objectContaining({ otro: 1 }), adsApproved: 0 });
  });

  it('shows no figure where there is none: empty months, medians without decisions, submissions before they were counted', () => {
    expect(month('2025-08')).toMatchObject({
      hasData: false,
      medianAdDecisionMs: null,
      medianReportDecisionMs: null,
      medianVerificationWaitMs: null,
    });
    expect(month('2025-04')).toMatchObject({ hasData: true, adsSubmitted: null, adsRejected: 1 });
    expect(month('2025-04').rejectedByCategory[UNCATEGORISED]).toBe(1);
    expect(month('2025-05').adsSubmitted).toBeNull();
    // Counting began on 10 June: June has a figure, from that day.
    expect(month('2025-06')).toMatchObject({ adsSubmitted: 1, medianAdDecisionMs: 24 * HOUR });
    expect(month('2025-08').adsSubmitted).toBe(0);
  });

  it('equals, month by month, what the tables say when counted directly', async () => {
    for (const figures of report0.months) {
      const m = figures.month;
      const db = t.db;
      const [start] = bounds(m);
      const counted = start.getTime() >= new Date('2025-06-01T00:00:00-03:00').getTime();
      expect(figures.adsSubmitted, m).toBe(counted ? await countIn(db, 'ad_reviews', 'submitted_at', m) : null);
      expect(figures.adsApproved, m).toBe(await countIn(db, 'audit_log', 'created_at', m, { action: 'ad_approved' }));
      expect(figures.adsRejected, m).toBe(await countIn(db, 'audit_log', 'created_at', m, { action: 'ad_rejected' }));
      expect(figures.adsRemoved, m).toBe(await countIn(db, 'audit_log', 'created_at', m, { action: 'ad_removed' }));
      expect(figures.reportsReceived, m).toBe(await countIn(db, 'reports', 'created_at', m));
      expect(figures.adsHiddenByReports, m).toBe(await countIn(db, 'reports', 'created_at', m, { hid_ad: true }));
      for (const reason of Object.keys(figures.reportsByReason))
        expect(figures.reportsByReason[reason as 'otro'], `${m} ${reason}`).toBe(await countIn(db, 'reports', 'created_at', m, { reason }));
      expect(figures.verificationsApproved, m).toBe(await countIn(db, 'verification_requests', 'decided_at', m, { status: 'approved' }));
      expect(figures.verificationsRejected, m).toBe(await countIn(db, 'verification_requests', 'decided_at', m, { status: 'rejected' }));
      expect(figures.medianAdDecisionMs, m).toBe(middle(await durationsIn(db, 'ad_reviews', 'submitted_at', 'decided_at', m)));
      expect(figures.medianReportDecisionMs, m).toBe(middle(await durationsIn(db, 'reports', 'created_at', 'decided_at', m)));
      expect(figures.medianVerificationWaitMs, m).toBe(
        middle([
          ...(await durationsIn(db, 'verification_requests', 'submitted_at', 'decided_at', m, { status: 'approved' })),
          ...(await durationsIn(db, 'verification_requests', 'submitted_at', 'decided_at', m, { status: 'rejected' })),
        ]),
      );
    }
  });

  it('leaves out what happened after "now", and an empty database lists no month', async () => {
    const early = await transparencyReport(t.db, new Date('2026-01-05T12:00:00-03:00'));
    const jan = early.months.at(-1)!;
    expect(jan).toMatchObject({ month: '2026-01', current: true, adsSubmitted: 2, adsApproved: 1, adsRejected: 1 });
    const empty = await createTestDb();
    try {
      const nothing = await transparencyReport(empty.db, NOW);
      expect(nothing.months).toEqual([]);
    } finally {
      await empty.destroy();
    }
  });
});

describe('a site whose records begin within the window', () => {
  let fresh: TestDb;
  beforeAll(async () => {
    fresh = await createTestDb();
  });
  afterAll(() => fresh.destroy());

  it('starts at the first month with data and keeps every month after it, empty or not', async () => {
    // The first record: a report at 23:30 on 30 September 2025 in Buenos Aires (already October in UTC); then a
    // verification decided in December; nothing in October and November, nor so far in March.
    await fresh
      .db('reports')
      .insert({ ad_id: null, reason: 'estafa', status: 'open', hid_ad: false, created_at: at('2025-09-30T23:30:00-03:00') });
    const advertiser = await insertAdvertiser(fresh.db);
    await fresh.db('verification_requests').insert({
      advertiser_id: advertiser,
      method: 'manual',
      full_name: 'Persona de Prueba',
      birth_date: '1990-01-01',
      status: 'approved',
      submitted_at: at('2025-12-01T10:00:00-03:00'),
      decided_at: at('2025-12-02T10:00:00-03:00'),
    });
    const later = await transparencyReport(fresh.db, NOW);
    expect(later.months.map((m) => m.month)).toEqual(['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(later.months[0]).toMatchObject({ hasData: true, reportsReceived: 1 });
    // A month after the first with nothing recorded is listed, its counts zero and its medians absent.
    expect(later.months[1]).toMatchObject({ month: '2025-10', hasData: false, reportsReceived: 0, medianVerificationWaitMs: null });
    expect(later.months[3]).toMatchObject({ month: '2025-12', hasData: true, verificationsApproved: 1 });
    expect(later.months.at(-1)).toMatchObject({ month: '2026-03', current: true, hasData: false });

    // An older record moves the start back: a staff decision in the last minutes of 31 July 2025 in Buenos Aires.
    await fresh.db('audit_log').insert({
      created_at: at('2025-07-31T23:55:00-03:00'),
      action: 'ad_approved',
      username: 'moderadora',
      target_type: 'ad',
      target_id: '1',
      details: null,
    });
    expect((await transparencyReport(fresh.db, NOW)).months.map((m) => m.month).slice(0, 2)).toEqual(['2025-07', '2025-08']);
  });

  it('lists only the current month when its records are the first', async () => {
    const first = await createTestDb();
    try {
      await first
        .db('reports')
        .insert({ ad_id: null, reason: 'otro', status: 'open', hid_ad: false, created_at: at('2026-03-01T00:00:00-03:00') });
      const report = await transparencyReport(first.db, NOW);
      expect(report.months.map((m) => [m.month, m.current, m.reportsReceived])).toEqual([['2026-03', true, 1]]);
    } finally {
      await first.destroy();
    }
  });
});

describe('the report the public pages read', () => {
  it('is computed once per process for REPORT_CACHE_MS, and again when the month turns', async () => {
    const first = cachedTransparencyReport(t.db, NOW);
    expect(cachedTransparencyReport(t.db, new Date(NOW.getTime() + REPORT_CACHE_MS - 1))).toBe(first);
    expect((await first).generatedAt).toBe(NOW.toISOString());
    const later = new Date(NOW.getTime() + REPORT_CACHE_MS);
    expect((await cachedTransparencyReport(t.db, later)).generatedAt).toBe(later.toISOString());
    // The month turns before the cache ends: March's report is not April's.
    const endOfMarch = new Date('2026-03-31T23:59:00-03:00');
    await cachedTransparencyReport(t.db, endOfMarch);
    const april = await cachedTransparencyReport(t.db, new Date(endOfMarch.getTime() + 2 * 60_000));
    expect(april.months.at(-1)!.month).toBe('2026-04');
  });
});
