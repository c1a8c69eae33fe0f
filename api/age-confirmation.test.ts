// The age gate without JavaScript: the form post, its cookie, and prerendered pages served with the gate closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app.ts';
import { AnalyticsWriter } from './services/analytics-writer.ts';
import { safeReturnPath } from '#shared/return-path.ts';
import { serve, testConfig, type TestServer } from './testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';

let analytics: AnalyticsWriter;
let t: TestDb;
let server: TestServer;

beforeAll(async () => {
  t = await createTestDb();
  // A stand-in for the build: one prerendered page, no SSR bundle.
  const distDir = path.join(t.dataDir, 'dist');
  fs.mkdirSync(path.join(distDir, 'client'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'client', 'index.html'), '<!doctype html><html lang="es-AR"><body>Inicio</body></html>');
  server = await serve(
    await createApp({ db: t.db, config: testConfig(t.dataDir), distDir, analytics: (analytics = new AnalyticsWriter(t.db)) }),
  );
});
afterAll(async () => {
  await server.close();
  await analytics.close();
  await t.destroy();
});

const confirm = (body: string, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }) =>
  fetch(`${server.url}/confirmar-edad`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

describe('POST /confirmar-edad', () => {
  it("'si' sets the 18+ cookies (the browser gate's and the no-JavaScript one) for a year and goes back to the page", async () => {
    const res = await confirm('respuesta=si&volver=%2Fbuscar%3Fcategoria%3Dtrans');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/buscar?categoria=trans');
    const cookies = res.headers.getSetCookie();
    expect(cookies.map((c) => c.split(';')[0])).toEqual(['velada_edad=1', 'velada_edad_sinjs=1']);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/samesite=lax/i);
      expect(cookie).toMatch(/expires=/i);
    }
  });

  it("'no' (or anything else) sets nothing and explains why the site is closed", async () => {
    for (const body of ['respuesta=no&volver=%2F', 'volver=%2F', '']) {
      const res = await confirm(body);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/menor-de-edad');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it("'no' on a page in Portuguese or English leads to that language's page (decision 070)", async () => {
    for (const [volver, page] of [
      ['/pt/como-evitar-golpes', '/pt/menor-de-idade'],
      ['/en/avoid-scams', '/en/under-18'],
      ['https://otro.example/pt/x', '/menor-de-edad'],
    ]) {
      const res = await confirm(`respuesta=no&volver=${encodeURIComponent(volver!)}`);
      expect(res.headers.get('location')).toBe(page);
    }
  });

  it('never sends the visitor to another site', async () => {
    const res = await confirm('respuesta=si&volver=https%3A%2F%2Fevil.example%2F');
    expect(res.headers.get('location')).toBe('/');
    // A tab or newline that browsers drop would turn '/\t/evil.example' into '//evil.example'.
    for (const volver of ['%2F%09%2Fevil.example', '%2F%0A%2Fx']) {
      const answer = await confirm(`respuesta=si&volver=${volver}`);
      expect(answer.status, volver).toBe(303);
      expect(answer.headers.get('location'), volver).toBe('/');
    }
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null, '/ok path']) {
      expect(safeReturnPath(bad), String(bad)).toBe('/');
    }
    expect(safeReturnPath('/anuncio/a-1?x=1')).toBe('/anuncio/a-1?x=1');
  });

  it('refuses other sites, other methods, other bodies and oversized bodies', async () => {
    expect((await confirm('respuesta=si', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await confirm('respuesta=si', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(`${server.url}/confirmar-edad`)).status).toBe(405);
    const json = await fetch(`${server.url}/confirmar-edad`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect((await confirm(`respuesta=si&volver=/${'a'.repeat(5000)}`)).status).toBe(413);
  });
});

describe('prerendered pages', () => {
  it('answer HEAD like GET, without the body', async () => {
    const res = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('');
  });

  it('carry the age-ok class for a visitor who passed the gate without JavaScript, privately, with their own ETag', async () => {
    const plain = await fetch(`${server.url}/`);
    const plainHtml = await plain.text();
    expect(plainHtml).toContain('<html lang="es-AR">');
    const confirmed = await fetch(`${server.url}/`, { headers: { Cookie: 'other=x; velada_edad=1; velada_edad_sinjs=1' } });
    expect(await confirmed.text()).toContain('<html lang="es-AR" class="age-ok">');
    expect(confirmed.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(confirmed.headers.get('cache-control')).toMatch(/^private/);
    expect(plain.headers.get('cache-control')).toMatch(/^public/);
    // Nothing else in the request changes the page, so shared caches need not vary on cookies.
    expect(plain.headers.get('vary') ?? '').not.toMatch(/cookie/i);
    // A visitor who passed the gate in the browser gets the shared page: the inline script closes the gate.
    const withJs = await fetch(`${server.url}/`, { headers: { Cookie: 'velada_edad=1' } });
    expect(await withJs.text()).toBe(plainHtml);
    expect(withJs.headers.get('cache-control')).toMatch(/^public/);
    const revalidated = await fetch(`${server.url}/`, {
      headers: { 'If-None-Match': plain.headers.get('etag')!, Cookie: 'velada_edad_sinjs=1' },
    });
    expect(revalidated.status).toBe(200);
  });
});
