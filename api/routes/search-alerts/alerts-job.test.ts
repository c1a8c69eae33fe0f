// The search alerts job through a fake push service, on SQLite and PostgreSQL: its deliveries (the text a phone
// shows, TTL and urgency, only new matching ads), the daily cap, a device gone (410), retention, and on PostgreSQL two
// processes' schedulers running the job once per interval.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { insertAd } from '#tooling/factories/index.ts';
import { alertMessage, runSearchAlerts } from '#api/services/search-alerts-job.ts';
import { scheduledJobs } from '#api/jobs.ts';
import { startScheduledJobs } from '#api/scheduler/scheduler.ts';
import { diskStore } from '#api/services/object-store/disk-store.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { deleteStaleAlerts } from '#db/queries/push-subscriptions.ts';
import { storedVapidKeys } from '#db/queries/vapid-keys.ts';
import type { TestDevice } from '#api/testing/fake-push-service.ts';
import { t, push, sender, advertiser, HOUR, alertFor, call, minutesAgo, subscriptionOf, useAlertsApp } from './testing.ts';

useAlertsApp();

describe('the alerts job', () => {
  beforeEach(async () => {
    await t.db('push_subscriptions').delete();
    push.deliveries.length = 0;
  });

  it('tells how many new ads match, discreetly, through the device’s push service', async () => {
    const device = push.newDevice();
    const id = await alertFor(device, 'q=benteveo&zona=palermo');
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes relajantes', barrio: 'palermo', publishedAt: minutesAgo(30) });
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes con piedras', barrio: 'palermo', publishedAt: minutesAgo(20) });
    const newest = minutesAgo(10);
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes suaves', barrio: 'palermo', publishedAt: newest });
    // Not counted: published before the mark, elsewhere, or not public.
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes de antes', barrio: 'palermo', publishedAt: minutesAgo(120) });
    await insertAd(t.db, advertiser, { title: 'Benteveo masajes en otro barrio', barrio: 'recoleta', publishedAt: minutesAgo(15) });
    await insertAd(t.db, advertiser, {
      title: 'Benteveo masajes en pausa',
      barrio: 'palermo',
      publishedAt: minutesAgo(15),
      state: 'paused',
    });

    const now = new Date();
    expect(await runSearchAlerts(t.db, sender, now)).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(push.deliveries).toHaveLength(1);
    const [delivery] = push.deliveries;
    expect(JSON.parse(delivery!.text!)).toEqual({
      title: 'Velada',
      body: '3 avisos nuevos en tu búsqueda',
      url: '/buscar?q=benteveo&zona=palermo',
      alertId: id,
      stop: 'Dejar de avisar',
    });
    expect(delivery!.headers).toMatchObject({ ttl: '86400', urgency: 'low', 'content-encoding': 'aes128gcm' });
    const { publicKey } = await storedVapidKeys(t.db);
    expect(delivery!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));

    const row = await t.db('push_subscriptions').where('id', id).first();
    expect(new Date(row.last_notified_at).getTime()).toBe(now.getTime());
    expect(new Date(row.announced_until).getTime()).toBe(newest.getTime());
  });

  it('says "1 aviso nuevo" for one, and sends nothing for a search without news', async () => {
    const one = push.newDevice();
    await alertFor(one, 'q=calandria');
    await alertFor(push.newDevice(), 'q=hornero');
    await insertAd(t.db, advertiser, { title: 'Calandria masajes', publishedAt: minutesAgo(5) });
    await runSearchAlerts(t.db, sender);
    expect(push.deliveries).toHaveLength(1);
    expect(JSON.parse(push.deliveries[0]!.text!).body).toBe('1 aviso nuevo en tu búsqueda');
    expect(push.deliveries[0]!.path).toBe(new URL(one.endpoint).pathname);
  });

  it('tells an alert made on a Portuguese or English page in its language, opening the search in it', async () => {
    const [pt, en] = [push.newDevice(), push.newDevice()];
    const made = async (device: TestDevice, locale: string) => {
      const { status, body } = await call('POST', '/api/search-alerts', {
        subscription: subscriptionOf(device),
        filter: 'q=carancho',
        locale,
      });
      expect(status).toBe(201);
      await t
        .db('push_subscriptions')
        .where('id', body.alert.id)
        .update({ announced_until: minutesAgo(60) });
      return body.alert.id;
    };
    const ptId = await made(pt, 'pt');
    const enId = await made(en, 'en');
    await insertAd(t.db, advertiser, { title: 'Carancho masajes', publishedAt: minutesAgo(10) });
    await insertAd(t.db, advertiser, { title: 'Carancho masajes suaves', publishedAt: minutesAgo(5) });
    expect(await runSearchAlerts(t.db, sender)).toEqual({ sent: 2, gone: 0, failed: 0 });
    const byPath = new Map(push.deliveries.map((d) => [d.path, JSON.parse(d.text!)]));
    expect(byPath.get(new URL(pt.endpoint).pathname)).toEqual({
      title: 'Velada',
      body: '2 anúncios novos na sua busca',
      url: '/pt/busca?q=carancho',
      alertId: ptId,
      stop: 'Desativar alerta',
    });
    expect(byPath.get(new URL(en.endpoint).pathname)).toEqual({
      title: 'Velada',
      body: '2 new ads for your search',
      url: '/en/search?q=carancho',
      alertId: enId,
      stop: 'Turn off alert',
    });
  });

  it('tells an alert whose language is none the site speaks in Spanish instead of failing', () => {
    const message = alertMessage({ id: 9, filter: 'q=carancho', locale: 'fr' as 'es' }, 3);
    expect(message).toMatchObject({ body: '3 avisos nuevos en tu búsqueda', url: '/buscar?q=carancho', stop: 'Dejar de avisar' });
  });

  it('tells each search at most once a day, then counts what came meanwhile', async () => {
    const device = push.newDevice();
    await alertFor(device, 'q=chingolo');
    await insertAd(t.db, advertiser, { title: 'Chingolo masajes', publishedAt: minutesAgo(30) });
    const start = new Date();
    await runSearchAlerts(t.db, sender, start);
    expect(push.deliveries).toHaveLength(1);

    await insertAd(t.db, advertiser, { title: 'Chingolo masajes nuevos', publishedAt: new Date() });
    await insertAd(t.db, advertiser, { title: 'Chingolo masajes otros', publishedAt: new Date() });
    expect(await runSearchAlerts(t.db, sender, new Date(start.getTime() + HOUR))).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(await runSearchAlerts(t.db, sender, new Date(start.getTime() + 23 * HOUR))).toEqual({ sent: 0, gone: 0, failed: 0 });
    expect(push.deliveries).toHaveLength(1);

    await runSearchAlerts(t.db, sender, new Date(start.getTime() + 24 * HOUR + 60_000));
    expect(push.deliveries).toHaveLength(2);
    expect(JSON.parse(push.deliveries[1]!.text!).body).toBe('2 avisos nuevos en tu búsqueda');
  });

  it('deletes every alert of a device its push service says is gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      const device = push.newDevice();
      await alertFor(device, 'q=zorzal');
      await alertFor(device, 'q=zorzal&zona=palermo');
      await insertAd(t.db, advertiser, { title: `Zorzal masajes ${status}`, publishedAt: minutesAgo(5) });
      push.answer = () => status;
      expect((await runSearchAlerts(t.db, sender)).gone).toBe(1);
      expect(await t.db('push_subscriptions').where('endpoint', device.endpoint).first()).toBeUndefined();
    }
  });

  it('logs a failed delivery without the endpoint, and tries again next run', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
    const device = push.newDevice();
    const id = await alertFor(device, 'q=tijereta');
    await insertAd(t.db, advertiser, { title: 'Tijereta masajes', publishedAt: minutesAgo(5) });
    push.answer = () => 500;
    expect(await runSearchAlerts(t.db, sender)).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(errors.join('\n')).toContain('500');
    expect(errors.join('\n')).not.toContain(new URL(device.endpoint).pathname);
    expect((await t.db('push_subscriptions').where('id', id).first()).last_notified_at).toBeNull();

    push.answer = () => 201;
    expect(await runSearchAlerts(t.db, sender)).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(JSON.parse(push.deliveries.at(-1)!.text!).body).toBe('1 aviso nuevo en tu búsqueda');
  });

  it('deletes alerts that told nothing for 12 months', async () => {
    const now = new Date();
    const old = push.newDevice();
    const fresh = push.newDevice();
    const told = push.newDevice();
    const oldId = await alertFor(old, 'zona=palermo');
    const freshId = await alertFor(fresh, 'zona=palermo');
    const toldId = await alertFor(told, 'zona=palermo');
    const thirteenMonthsAgo = new Date(now.getTime() - 395 * 24 * HOUR);
    await t.db('push_subscriptions').where('id', oldId).update({ created_at: thirteenMonthsAgo });
    await t
      .db('push_subscriptions')
      .where('id', toldId)
      .update({ created_at: thirteenMonthsAgo, last_notified_at: new Date(now.getTime() - 30 * 24 * HOUR) });
    expect(await deleteStaleAlerts(t.db, now)).toBe(1);
    expect((await t.db('push_subscriptions').whereIn('id', [oldId, freshId, toldId]).pluck('id')).map(Number).sort()).toEqual(
      [freshId, toldId].sort(),
    );
  });
});

describe.runIf(process.env.VELADA_TEST_DIALECT === 'postgres')('two processes on one PostgreSQL database', () => {
  beforeEach(async () => {
    await t.db('push_subscriptions').delete();
    push.deliveries.length = 0;
  });

  it('run the alerts job once per interval between them: one notification', { timeout: 60_000 }, async () => {
    const device = push.newDevice();
    await alertFor(device, 'q=golondrina');
    await insertAd(t.db, advertiser, { title: 'Golondrina masajes', publishedAt: minutesAgo(5) });
    let runs = 0;
    const alertsJob = () => {
      const job = scheduledJobs({
        db: t.db,
        store: diskStore(t.dataDir),
        mailer: new MemoryMailer(),
        siteOrigin: 'https://velada.example',
        pushSender: sender,
      }).find((j) => j.name === 'search-alerts')!;
      return { ...job, run: async (now: Date) => void (runs++, await job.run(now)) };
    };
    const options = { pgBossSchema: `${t.schema}_jobs`, pollEveryMs: 500 };
    const first = await startScheduledJobs(t.db, [alertsJob()], options);
    const second = await startScheduledJobs(t.db, [alertsJob()], options);
    try {
      const end = Date.now() + 20_000;
      while (push.deliveries.length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // time for a second run, if there were one
    } finally {
      await Promise.all([first(), second()]);
    }
    expect(runs).toBe(1);
    expect(push.deliveries).toHaveLength(1);
  });
});
