// "Fotos reales" over time on SQLite and PostgreSQL (docs/decisions/067-photo-trust.md): the badge ends 90 days after
// the check (not a minute before), raising the catalog version so that cached pages and the search index drop it; its
// owner is reminded once, 7 days before; a new check dates the badge again and earns a new reminder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdPhoto, insertAdvertiser } from '#tooling/factories/index.ts';
import type { Mail, Mailer } from '#core/mail/mail.ts';
import { refreshPhotosVerified } from '#db/queries/photos-verified.ts';
import { formatLongDate } from '#shared/format.ts';
import { runPhotoBadgeJob } from './photo-badge.ts';
import { searchResults } from '#core/search/search-results.ts';
import { CatalogueIndex } from '#db/search/catalogue-index.ts';
import { loadIndexRows } from '#db/queries/search-index-rows.ts';
import { readCatalogVersion } from '#db/queries/catalog-version.ts';
import { parseSearchParams } from '#shared/search-filters.ts';

class KeptMail implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const DAY = 86_400_000;
const checkedAt = new Date('2026-06-01T15:00:00.000Z');
const at = (days: number, ms = 0) => new Date(checkedAt.getTime() + days * DAY + ms);

/** A published ad of a new advertiser whose two photos staff verified at `when`. */
async function verifiedAd(when = checkedAt, fullName = 'Dana Prueba') {
  const email = `fotos${Math.random().toString(36).slice(2)}@example.com`;
  const advertiserId = await insertAdvertiser(t.db, { fullName, email });
  const adId = await insertAd(t.db, advertiserId, { title: 'Masajes con turno en Caballito' });
  for (let i = 0; i < 2; i++) await insertAdPhoto(t.db, adId, { verifiedAt: when });
  await t.db.transaction((trx) => refreshPhotosVerified(trx, adId, when));
  return { advertiserId, adId, email };
}

const badge = async (adId: number) => {
  const row = await t.db('ads').where('id', adId).first('photos_verified', 'photos_verified_at');
  return {
    on: Boolean(row.photos_verified),
    since: row.photos_verified_at === null ? null : new Date(row.photos_verified_at).toISOString(),
  };
};
const version = async () => Number((await t.db('catalog_version').where('id', 1).first('version')).version);

function job(mailer = new KeptMail()) {
  return { mailer, run: (now: Date) => runPhotoBadgeJob({ db: t.db, mailer, siteOrigin: 'https://velada.test' }, now) };
}

describe('the badge ends 90 days after the check', () => {
  it('is dated by the check and holds until the 90th day, then ends and raises the catalog version', async () => {
    const { adId } = await verifiedAd();
    expect(await badge(adId)).toEqual({ on: true, since: checkedAt.toISOString() });
    const { run } = job();
    await run(at(90, -60_000));
    expect(await badge(adId)).toEqual({ on: true, since: checkedAt.toISOString() });

    const before = await version();
    await run(at(90));
    expect(await badge(adId)).toEqual({ on: false, since: null });
    expect(await version()).toBeGreaterThan(before);
    // The photos keep their old check, which no longer counts: a change to the ad's photos does not bring it back.
    await t.db.transaction((trx) => refreshPhotosVerified(trx, adId, at(91)));
    expect(await badge(adId)).toEqual({ on: false, since: null });
  });

  it('comes back with a new check, dated then', async () => {
    const { adId } = await verifiedAd();
    await job().run(at(95));
    await t
      .db('ad_images')
      .where('ad_id', adId)
      .update({ verified_at: at(96) });
    await t.db.transaction((trx) => refreshPhotosVerified(trx, adId, at(96)));
    expect(await badge(adId)).toEqual({ on: true, since: at(96).toISOString() });
  });

  it('is dated by the oldest check of its photos', async () => {
    const { adId } = await verifiedAd();
    await insertAdPhoto(t.db, adId, { verifiedAt: at(10) });
    await t.db.transaction((trx) => refreshPhotosVerified(trx, adId, at(10)));
    expect(await badge(adId)).toEqual({ on: true, since: checkedAt.toISOString() });
  });
});

describe('the end of a badge in search', () => {
  it('leaves the ad out of "Fotos reales" searches, from the database and from an index of the new version', async () => {
    const now = new Date();
    const { adId } = await verifiedAd(new Date(now.getTime() - 89.5 * DAY));
    const filters = parseSearchParams(new URLSearchParams('verificacion=fotos-reales'));
    const index = async () => CatalogueIndex.build(await loadIndexRows(t.db, now), await readCatalogVersion(t.db));
    const found = async (source?: CatalogueIndex) =>
      (await searchResults(t.db, filters, { now, searchIndex: source ? { current: async () => source } : null })).ads;
    const before = await index();
    for (const ads of [await found(), await found(before)]) {
      expect(ads.find((a) => a.id === adId)).toMatchObject({ photosVerified: true, photosVerifiedAt: expect.any(String) });
    }

    await job().run(new Date(now.getTime() + DAY));
    // The index built before is of an older version: the process builds a new one before answering from it.
    expect(await readCatalogVersion(t.db)).not.toBe(before.version);
    for (const ads of [await found(), await found(await index())]) expect(ads.map((a) => a.id)).not.toContain(adId);
  });
});

describe('the reminder 7 days before', () => {
  it('is mailed once, at 83 days, greeting the owner and giving the end', async () => {
    const { adId, email } = await verifiedAd(checkedAt, 'Dana Recordatorio');
    const { mailer, run } = job();
    const toOwner = () => mailer.sent.filter((m) => m.to === email);
    await run(at(83, -60_000));
    expect(toOwner()).toEqual([]);

    await run(at(83));
    expect(toOwner()).toHaveLength(1);
    const [mail] = toOwner();
    expect(mail!.subject).toBe(`Tu distintivo «Fotos reales» vence el ${formatLongDate(at(90))}`);
    expect(mail!.text).toContain('Hola Dana Recordatorio:');
    expect(mail!.text).toContain(`(código ${adId}) vence el ${formatLongDate(at(90))}`);
    expect(mail!.text).toContain(`https://velada.test/mi-cuenta/anuncios/${adId}/verificar-fotos`);

    await run(at(83, 3_600_000));
    await run(at(89));
    expect(toOwner()).toHaveLength(1);
    expect(await t.db('ad_mail_notices').where({ ad_id: adId, kind: 'photos_expiring' })).toHaveLength(1);
    expect(await badge(adId)).toMatchObject({ on: true });
  });

  it('comes again for a new check, and not to an owner who turned expiry notices off', async () => {
    const renewed = await verifiedAd();
    const quiet = await verifiedAd();
    await t.db('mail_opt_outs').insert({ advertiser_id: quiet.advertiserId, kind: 'ad_expiry', created_at: checkedAt });
    const { mailer, run } = job();
    await run(at(84));
    // Checked again on day 85, before the badge ended: the badge is dated again and a new reminder is due later.
    await t
      .db('ad_images')
      .where('ad_id', renewed.adId)
      .update({ verified_at: at(85) });
    await t.db.transaction((trx) => refreshPhotosVerified(trx, renewed.adId, at(85)));
    await run(at(90));
    expect(await badge(renewed.adId)).toEqual({ on: true, since: at(85).toISOString() });
    await run(at(85 + 83));
    expect(mailer.sent.filter((m) => m.to === renewed.email)).toHaveLength(2);
    expect(mailer.sent.filter((m) => m.to === quiet.email)).toEqual([]);
  });

  it('is tried again by the next run when the send fails', async () => {
    const { email } = await verifiedAd();
    const failing: Mailer = {
      send: async () => {
        throw Object.assign(new Error('down'), { code: 'ECONNREFUSED' });
      },
    };
    const result = await runPhotoBadgeJob({ db: t.db, mailer: failing, siteOrigin: 'https://velada.test' }, at(83));
    expect(result.failed).toBe(1);
    const { mailer, run } = job();
    await run(at(83, 3_600_000));
    expect(mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
  });
});
