// A visitor's search alerts through the core: one alert per device and search (in its canonical form), presented
// without the device's subscription, found and stopped only with the device's secret, at most a device's share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { alertFilter, searchPathOf } from './alert-filter.ts';
import { deviceAlerts, MAX_ALERTS_PER_DEVICE, stopAlerts, subscribeToSearch } from './search-alerts.ts';

let t: TestDb;
const keys = { endpoint: 'https://push.example/device-1', p256dh: 'B'.repeat(87), auth: 'secreto-del-dispositivo' };
const device = { endpoint: keys.endpoint, auth: keys.auth };

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

describe('alertFilter', () => {
  it('keeps the search without its page and order, whether or not it starts with "?"', () => {
    expect(alertFilter('?categoria=masajes&pagina=3&orden=recientes')).toBe(alertFilter('categoria=masajes'));
    expect(searchPathOf(alertFilter('categoria=masajes'))).toBe('/buscar?categoria=masajes');
    expect(searchPathOf(alertFilter(''))).toBe('/buscar');
    expect(searchPathOf(alertFilter('categoria=masajes'), 'pt')).toBe('/pt/busca?categoria=masajes');
    expect(searchPathOf(alertFilter(''), 'en')).toBe('/en/search');
  });
});

describe('search alerts of a device', () => {
  it("makes one alert per search and shows it without the device's subscription", async () => {
    const made = await subscribeToSearch(t.db, keys, '?categoria=masajes&pagina=2');
    expect(made).toEqual({
      created: true,
      alert: {
        id: expect.any(Number),
        filter: 'categoria=masajes',
        locale: 'es',
        url: '/buscar?categoria=masajes',
        createdAt: expect.any(String),
      },
    });
    const again = await subscribeToSearch(t.db, keys, 'categoria=masajes&orden=recientes');
    expect(again).toEqual({ created: false, alert: (made as { alert: unknown }).alert });
    const listed = await deviceAlerts(t.db, device);
    expect(listed).toEqual([(made as { alert: unknown }).alert]);
    expect(JSON.stringify(listed)).not.toContain(keys.endpoint);
  });

  it('keeps the language of the page it was asked on, the last one when asked again', async () => {
    const other = { ...keys, endpoint: 'https://push.example/device-2' };
    const made = await subscribeToSearch(t.db, other, 'zona=palermo', 'pt');
    expect(made).toMatchObject({ created: true, alert: { locale: 'pt', url: '/pt/busca?zona=palermo' } });
    const again = await subscribeToSearch(t.db, other, 'zona=palermo', 'en');
    expect(again).toMatchObject({ created: false, alert: { locale: 'en', url: '/en/search?zona=palermo' } });
    expect(await deviceAlerts(t.db, { endpoint: other.endpoint, auth: other.auth })).toMatchObject([{ locale: 'en' }]);
    expect(await stopAlerts(t.db, { endpoint: other.endpoint, auth: other.auth })).toBe(1);
  });

  it('finds and stops nothing with a wrong secret', async () => {
    const stranger = { endpoint: keys.endpoint, auth: 'otro-secreto-cualquiera' };
    expect(await deviceAlerts(t.db, stranger)).toEqual([]);
    expect(await stopAlerts(t.db, stranger)).toBe(0);
    expect(await deviceAlerts(t.db, device)).toHaveLength(1);
  });

  it('follows at most MAX_ALERTS_PER_DEVICE searches, and stops one or all of them', async () => {
    for (let i = (await deviceAlerts(t.db, device)).length; i < MAX_ALERTS_PER_DEVICE; i++) {
      expect(await subscribeToSearch(t.db, keys, `q=palabra${i}`)).toMatchObject({ created: true });
    }
    expect(await subscribeToSearch(t.db, keys, 'q=una-mas')).toEqual({ tooMany: true });
    const [first] = await deviceAlerts(t.db, device);
    expect(await stopAlerts(t.db, device, first!.id)).toBe(1);
    expect(await stopAlerts(t.db, device)).toBe(MAX_ALERTS_PER_DEVICE - 1);
    expect(await deviceAlerts(t.db, device)).toEqual([]);
  });
});
