// The confirmation mail carries where the advertiser was headed (`volver`, e.g. the publish flow), so that confirming
// and signing in lead back there; only a path of this site ever reaches the link. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { MemoryMailer } from '#api/services/mail.ts';

let t: TestDb;
let server: TestApp;
const mailer = new MemoryMailer();
let n = 0;

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t, { mailer, config: { publicOrigin: 'https://velada.example' } });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

async function post(pathname: string, body: unknown): Promise<number> {
  const res = await fetch(`${server.url}/api/advertiser/${pathname}`, {
    method: 'POST',
    headers: sameOriginJson,
    body: JSON.stringify(body),
  });
  await res.body?.cancel();
  return res.status;
}

/** Registers a new address with `volver` and returns the mailed link. */
async function registeredLink(volver: unknown): Promise<URL> {
  const email = `vuelve.${++n}@ejemplo.com`;
  expect(await post('register', { fullName: 'Vera Vuelve', email, password: 'una-clave-segura', acceptsTerms: true, volver })).toBe(201);
  return new URL(mailer.lastLinkTo(email)!);
}

describe('the confirmation link and the return path', () => {
  it('carries a path of this site, query included', async () => {
    const link = await registeredLink('/publicar-anuncio?plan=vip');
    expect(link.origin + link.pathname).toBe('https://velada.example/confirmar-email');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    expect(link.searchParams.get('volver')).toBe('/publicar-anuncio?plan=vip');
    expect(link.href).toContain('&volver=/publicar-anuncio%3Fplan%3Dvip');
  });

  it('leaves out anything that is not a path of this site, and registers all the same', async () => {
    for (const bad of [
      '//evil.example',
      '/%09/evil.example',
      '/\t/evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\r\nSet-Cookie: a=b',
      `/${'a'.repeat(3000)}`,
      42,
      { path: '/' },
    ]) {
      const link = await registeredLink(bad);
      expect([...link.searchParams.keys()], JSON.stringify(bad)).toEqual(['token']);
      expect(link.href).not.toContain('evil');
    }
  });

  it('leaves it out when none is given', async () => {
    expect([...(await registeredLink(undefined)).searchParams.keys()]).toEqual(['token']);
  });

  it('carries it in a confirmation mail sent again', async () => {
    const email = `reenvio.${++n}@ejemplo.com`;
    expect(await post('register', { fullName: 'Rita Reenvío', email, password: 'una-clave-segura', acceptsTerms: true })).toBe(201);
    expect(await post('resend-confirmation', { email, volver: '/publicar-anuncio?plan=premium' })).toBe(202);
    expect(new URL(mailer.lastLinkTo(email)!).searchParams.get('volver')).toBe('/publicar-anuncio?plan=premium');
    expect(await post('resend-confirmation', { email, volver: '//evil.example' })).toBe(202);
    expect(new URL(mailer.lastLinkTo(email)!).searchParams.has('volver')).toBe(false);
  });
});
