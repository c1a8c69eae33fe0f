// The entity models against the migrated schema, on SQLite and PostgreSQL: every timestamp and boolean column is
// declared (so it reads back as Date or boolean on both drivers), and relations load what the rows say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import * as models from '#db/models/index.ts';
import { Ad, Administrator, AuditEntry, PushSubscription, Setting } from '#db/models/index.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const entityModels = Object.values(models).filter((m) => m !== models.BaseModel);

describe('entity models', () => {
  it.each(entityModels.map((m) => [m.tableName, m] as const))('%s declares its timestamp and boolean columns', async (_, model) => {
    const columns = await t.db(model.tableName).columnInfo();
    // A model's own mappers: one may name a column its own way (push_subscriptions.p256dh).
    const { parse, format } = model.columnNameMappers;
    const toCamel = (column: string) => parse({ [column]: 0 });
    // Every column's property name maps back to the column (is_24h ⇄ is24h).
    for (const column of Object.keys(columns)) expect(Object.keys(format(toCamel(column)))).toEqual([column]);
    const named = (test: (type: string) => boolean) =>
      Object.entries(columns)
        .filter(([, info]) => test(info.type))
        .map(([column]) => Object.keys(toCamel(column))[0])
        .sort();
    expect([...model.timestampColumns].sort()).toEqual(named((type) => /datetime|timestamp/.test(type)));
    expect([...model.booleanColumns].sort()).toEqual(named((type) => /bool/.test(type)));
  });

  it('reads timestamps as Date, flags as booleans and relations from their keys', async () => {
    const advertiserId = await insertAdvertiser(t.db, { fullName: 'Modelo de Prueba' });
    const adId = await insertAd(t.db, advertiserId, { photosVerified: true, plan: 'vip', planExpiresAt: new Date('2030-01-01T00:00:00Z') });
    await t.db('ad_images').insert({ ad_id: adId, position: 0, file_key: `modelo${adId}`, width: 800, height: 600 });

    const ad = await Ad.query(t.db).findById(adId).withGraphFetched('[advertiser, photos]');
    expect(ad).toBeInstanceOf(Ad);
    expect(ad!.photosVerified).toBe(true);
    expect(ad!.is24h).toBe(false);
    expect(ad!.planExpiresAt).toEqual(new Date('2030-01-01T00:00:00Z'));
    expect(ad!.createdAt).toBeInstanceOf(Date);
    expect(ad!.advertiser).toMatchObject({ id: advertiserId, fullName: 'Modelo de Prueba' });
    expect(ad!.photos!.map((p) => p.fileKey)).toEqual([`modelo${adId}`]);
  });

  it('writes camelCase properties to snake_case columns, JSON details as text', async () => {
    const now = new Date();
    const admin = await Administrator.query(t.db).insertAndFetch({
      username: `modelo${Date.now()}`,
      fullName: 'Socia',
      passwordHash: 'x',
      isMaster: false,
      permissions: JSON.stringify(['view_payments', 'nonexistent']),
      active: true,
      createdAt: now,
    });
    expect(admin.toAdmin()).toMatchObject({ fullName: 'Socia', isMaster: false, permissions: ['view_payments'] });
    await AuditEntry.query(t.db).insert({ createdAt: now, adminUserId: admin.id, action: 'test.model', details: { a: 1 } });
    const raw = await t.db('audit_log').where('action', 'test.model').first('details', 'admin_user_id');
    expect(JSON.parse(raw.details)).toEqual({ a: 1 });
    expect(raw.admin_user_id).toBe(admin.id);
    const entry = await AuditEntry.query(t.db).findOne({ action: 'test.model' }).withGraphFetched('administrator');
    expect(entry!.details).toEqual({ a: 1 });
    expect(entry!.administrator!.username).toBe(admin.username);
    expect((await Setting.query(t.db).findById('price_vip'))!.updatedAt).toBeInstanceOf(Date);
  });

  it('writes a push key to its column p256dh; an insert ignored on conflict gives back no id', async () => {
    const now = new Date();
    const alert = {
      endpoint: 'https://push.example/modelo',
      p256dh: 'clave',
      auth: 'secreto',
      filter: 'q=a',
      createdAt: now,
      announcedUntil: now,
    };
    const insert = () => PushSubscription.query(t.db).insert(alert).onConflict(['endpoint', 'auth', 'filter']).ignore().returning('*');
    const made = await insert();
    expect(made).toMatchObject({ p256dh: 'clave', lastNotifiedAt: null, sendFailures: 0 });
    expect(made.id).toEqual(expect.any(Number));
    expect(await t.db('push_subscriptions').where('id', made.id).first('p256dh')).toEqual({ p256dh: 'clave' });
    // subscribeAlert reads a missing id as a twin request's row (db/queries/push-subscriptions.ts).
    expect((await insert()).id).toBeUndefined();
  });
});
