// GET /api/ads/availability on SQLite and PostgreSQL: which of a visitor's favourites are still public, and nothing
// else; ids validated and limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';

let t: TestDb;
let server: TestApp;
beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t);
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

const ask = async (query: string) => {
  const res = await fetch(`${server.url}/api/ads/availability${query}`);
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') };
};

describe('which favourites are still public', () => {
  it('answers only the public ids among those asked', async () => {
    const advertiser = await insertAdvertiser(t.db, { verificationStatus: 'verified' });
    const published = await insertAd(t.db, advertiser);
    const other = await insertAd(t.db, advertiser);
    const expired = await insertAd(t.db, advertiser, { state: 'expired' });
    const removed = await insertAd(t.db, advertiser, { state: 'removed' });
    const held = await insertAd(t.db, advertiser, { state: 'held' });
    const { status, body, cacheControl } = await ask(`?ids=${[removed, published, expired, held, 999_999, published].join(',')}`);
    expect(status).toBe(200);
    expect(body).toEqual({ public: [published] });
    expect(cacheControl).toBe('no-store');
    expect((await ask(`?ids=${other}`)).body).toEqual({ public: [other] });
  });

  it.each([
    ['no ids', ''],
    ['an empty list', '?ids='],
    ['letters', '?ids=1,abc'],
    ['a negative id', '?ids=-1'],
    ['zero', '?ids=0'],
    ['a trailing comma', '?ids=1,'],
    ['more than 100 ids', `?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`],
  ])('refuses %s with a Spanish message', async (_, query) => {
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/aviso|Indicá/);
  });
});
