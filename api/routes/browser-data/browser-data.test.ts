// "Borrar rastros" through HTTP on SQLite and PostgreSQL: the answer clears the browser's data for Velada, ends the
// session its cookie carried, and another site cannot ask for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

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

const clear = (headers: Record<string, string>) => fetch(`${server.url}/api/browser-data/clear`, { method: 'POST', headers });

describe('POST /api/browser-data/clear', () => {
  it('answers with Clear-Site-Data for cache, cookies and storage, never cached', async () => {
    const res = await clear({ 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(204);
    expect(res.headers.get('clear-site-data')).toBe('"cache", "cookies", "storage"');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("ends the advertiser's session its cookie carries", async () => {
    const token = await advertiserSessions.create(t.db, await insertAdvertiser(t.db));
    expect(await advertiserSessions.resume(t.db, token)).not.toBeNull();
    const res = await clear({ 'Sec-Fetch-Site': 'same-origin', Cookie: `${advertiserSessions.cookie}=${token}` });
    expect(res.status).toBe(204);
    expect(await advertiserSessions.resume(t.db, token)).toBeNull();
  });

  it('refuses a request from another site, which clears and ends nothing', async () => {
    const token = await advertiserSessions.create(t.db, await insertAdvertiser(t.db));
    const res = await clear({ 'Sec-Fetch-Site': 'cross-site', Cookie: `${advertiserSessions.cookie}=${token}` });
    expect(res.status).toBe(403);
    expect(res.headers.get('clear-site-data')).toBeNull();
    expect(await advertiserSessions.resume(t.db, token)).not.toBeNull();
  });
});
