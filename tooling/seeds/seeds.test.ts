// Demo data and the super admin, as `npm start` creates them on an empty database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { isDatabaseEmpty, seedDemoData } from './demo.ts';
import { DEMO_PARTNER_USERNAME, seedPanelDemo } from './panel-demo.ts';
import { seedAnalyticsDemo } from './analytics-demo.ts';
import { analyticsSummary } from '#db/queries/analytics-summary.ts';
import { isValidCbu } from '#shared/cbu.ts';
import { listSubscribers } from '#db/queries/admin/subscribers.ts';
import { SUPER_ADMIN_USERNAME, ensureSuperAdmin } from '#api/services/super-admin.ts';
import { verifyPassword } from '#api/services/passwords.ts';
import { adImageObjectKey } from '#api/services/image-store.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { CATEGORY_VALUES } from '#shared/catalogue.ts';
import { hashDistance, MAX_HASH_DISTANCE } from '#shared/photo-hash.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('demo data', () => {
  it('fills an empty database with 200+ published ads over every category and 30+ barrios, 1-5 photos each', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(true);
    const created = await seedDemoData(t.db, diskStore(t.dataDir));
    expect(created).toBeGreaterThanOrEqual(200);
    expect(await isDatabaseEmpty(t.db)).toBe(false);

    const ads = await t.db('ads').where('state', 'published').select('id', 'category', 'barrio', 'title', 'description');
    expect(ads.length).toBe(created);
    expect(new Set(ads.map((a) => a.category))).toEqual(new Set(CATEGORY_VALUES));
    expect(new Set(ads.map((a) => a.barrio)).size).toBeGreaterThanOrEqual(30);

    const counts = await t.db('ad_images').groupBy('ad_id').select('ad_id').count({ n: '*' });
    expect(counts.length).toBe(created);
    for (const c of counts) {
      expect(Number(c.n)).toBeGreaterThanOrEqual(1);
      expect(Number(c.n)).toBeLessThanOrEqual(5);
    }

    // "Fotos reales" as the app keeps it: the flag, with its date, exactly on the ads whose every photo is verified.
    const flags = await t.db('ads').select('id', 'photos_verified', 'photos_verified_at');
    const unverified = new Set(await t.db('ad_images').whereNull('verified_at').pluck('ad_id'));
    expect(flags.some((a) => a.photos_verified)).toBe(true);
    for (const ad of flags) {
      expect(Boolean(ad.photos_verified), `ad ${ad.id}`).toBe(!unverified.has(ad.id));
      expect(ad.photos_verified_at === null, `ad ${ad.id}`).toBe(!ad.photos_verified);
    }

    // Every photo has its perceptual hash, and no picture of one account is (nearly) one of another's: duplicate
    // detection would flag the demo's own ads otherwise.
    const hashes: { hash: string; advertiser_id: number }[] = await t
      .db('photo_hashes as h')
      .join('ad_images as i', 'i.id', 'h.ad_image_id')
      .join('ads as a', 'a.id', 'i.ad_id')
      .select('h.hash', 'a.advertiser_id');
    expect(hashes.length).toBe(Number((await t.db('ad_images').count({ n: '*' }).first())!.n));
    expect(hashes.every((h) => /^[0-9a-f]{16}$/.test(h.hash))).toBe(true);
    const collisions = hashes.flatMap((a, i) =>
      hashes.slice(i + 1).filter((b) => b.advertiser_id !== a.advertiser_id && hashDistance(a.hash, b.hash) <= MAX_HASH_DISTANCE),
    );
    expect(collisions).toEqual([]);

    const image = await t.db('ad_images').first();
    const file = path.join(t.dataDir, adImageObjectKey(image.file_key, 800));
    expect(fs.existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  }, 120_000); // 200 ads and their pictures: about 15 s alone, several times that on a loaded machine
});

describe('panel demo data', () => {
  it('gives every panel section something to show, with a partner admin whose password is generated', async () => {
    const { partnerPassword } = await seedPanelDemo(t.db, { store: diskStore(t.dataDir), key: Buffer.alloc(32, 1) });
    const statuses = (await listSubscribers(t.db)).map((s) => s.verificationStatus);
    for (const status of ['pending', 'verified', 'rejected'] as const) expect(statuses).toContain(status);
    const payments = await t.db('payments').select('status', 'amount');
    expect(new Set(payments.map((p) => p.status))).toEqual(new Set(['pending', 'completed']));
    const accounts = await t.db('bank_accounts').select('cbu', 'active');
    expect(accounts).toHaveLength(2);
    expect(accounts.filter((a) => a.active)).toHaveLength(1);
    expect(accounts.every((a) => isValidCbu(a.cbu))).toBe(true);
    const partner = await t.db('admin_users').where('username', DEMO_PARTNER_USERNAME).first();
    expect(Boolean(partner.is_master)).toBe(false);
    expect(JSON.parse(partner.permissions)).toEqual(['view_subscribers', 'manage_verifications']);
    expect(partnerPassword).toMatch(/^[\w-]{20}$/);
    // Each advertiser waiting for verification has a request with documents to review.
    const waiting = await t.db('advertisers').where('verification_status', 'pending').pluck('id');
    const requests = await t.db('verification_requests').whereIn('advertiser_id', waiting).where('status', 'pending');
    expect(requests).toHaveLength(waiting.length);
    expect(Number((await t.db('identity_documents').count({ n: '*' }).first())?.n)).toBeGreaterThanOrEqual(waiting.length);
    expect(await verifyPassword(partnerPassword, partner.password_hash)).toBe(true);
  });
});

describe('analytics demo data', () => {
  it('fills the last 30 days of the summary through the real ingestion path', async () => {
    const written = await seedAnalyticsDemo(t.db);
    const summary = await analyticsSummary(t.db);
    expect(summary.pageViews30Days).toBeGreaterThan(1000);
    expect(summary.pageViews30Days).toBeLessThanOrEqual(written);
    expect(summary.daily.filter((d) => d.pageViews > 0).length).toBeGreaterThanOrEqual(28);
    expect(summary.topPages[0]!.page_url).toBe('/');
    expect(summary.topPages.some((p) => p.page_url.startsWith('/anuncio/'))).toBe(true);
    expect(summary.trafficSources.map((s) => s.source)).toContain('google');
    expect(summary.devices.map((d) => d.device_type)).toContain('mobile');
    expect(summary.browsers.length).toBeGreaterThan(2);
  });
});

describe('super admin', () => {
  it('is created once, with a random password when none is configured', async () => {
    const first = await ensureSuperAdmin(t.db, undefined);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{20}$/);
    const row = await t.db('admin_users').where('username', SUPER_ADMIN_USERNAME).first();
    expect(Boolean(row.is_master)).toBe(true);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(first.generatedPassword!, row.password_hash)).toBe(true);
    expect(await verifyPassword('wrong-password', row.password_hash)).toBe(false);
    expect(await ensureSuperAdmin(t.db, 'another-password')).toEqual({ created: false, generatedPassword: null });
  });

  it('takes ADMIN_PASSWORD when given', async () => {
    await t.db('admin_users').del();
    expect(await ensureSuperAdmin(t.db, 'from-the-environment')).toEqual({ created: true, generatedPassword: null });
    const row = await t.db('admin_users').first();
    expect(await verifyPassword('from-the-environment', row.password_hash)).toBe(true);
  });
});
