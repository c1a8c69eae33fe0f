// Staff authentication through real HTTP, on SQLite and PostgreSQL: login, the per-username-and-address lock and
// the per-IP limit (api/security/sign-in-throttle.test.ts has the attacks), idle and absolute session timeouts, logout, and calls from other sites.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { insertedId } from '#db/dialect.ts';
import { staffSessions } from '#core/sessions/sessions.ts';

const SUPER_PASSWORD = 'clave-super-segura-1';
const PARTNER_PASSWORD = 'clave-socio-segura-2';

let t: TestDb;
let server: TestApp;
let partnerId: number;

beforeAll(async () => {
  t = await createTestDb();
  await ensureSuperAdmin(t.db, SUPER_PASSWORD);
  [partnerId] = (
    await t
      .db('admin_users')
      .insert({
        username: 'socio',
        full_name: 'Socia de Prueba',
        password_hash: await hashPassword(PARTNER_PASSWORD),
        is_master: false,
        permissions: JSON.stringify(['view_subscribers', 'manage_verifications']),
        active: true,
        created_at: new Date(),
      })
      .returning('id')
  ).map(insertedId);
  // The password path (decision 069's development path): api/routes/second-step/ tests the second step.
  server = await serveTestApp(t, { config: { trustedProxies: ['127.0.0.1'], staffWithoutSecondStep: ['velada_admin', 'socio'] } });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});
beforeEach(async () => {
  await t.db('login_attempts').delete();
  await t.db('admin_sessions').delete();
  await t.db('admin_users').update({ active: true });
});

let ipCounter = 0;
const newIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function call(method: string, path: string, options: { body?: unknown; cookie?: string; ip?: string; site?: string } = {}) {
  return fetch(`${server.url}/api/admin${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'Sec-Fetch-Site': options.site ?? 'same-origin',
      'X-Forwarded-For': options.ip ?? newIp(),
      ...(options.cookie ? { Cookie: `${staffSessions.cookie}=${options.cookie}` } : {}),
    },
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
}
const login = (username: string, password: string, ip?: string) => call('POST', '/login', { body: { username, password }, ip });

function sessionCookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = new RegExp(`${staffSessions.cookie}=([^;]*)`).exec(header);
  return match?.[1] ?? '';
}
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('POST /api/admin/login', () => {
  it('opens a session: the admin in the answer, an HttpOnly SameSite=Strict cookie, and an audit entry', async () => {
    const res = await login('velada_admin', SUPER_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      next: 'done',
      success: true,
      admin: { username: 'velada_admin', fullName: 'Administrador Principal', isMaster: true, permissions: [] },
    });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=strict/i);
    expect(setCookie).toMatch(/path=\//i);
    const me = await call('GET', '/me', { cookie: sessionCookieOf(res) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { admin: { username: string } }).admin.username).toBe('velada_admin');
    const entry = await t.db('audit_log').orderBy('id', 'desc').first();
    expect(entry).toMatchObject({ action: 'login_succeeded', username: 'velada_admin' });
    // Only a hash of the token is stored.
    expect(await t.db('admin_sessions').where('token_hash', sessionCookieOf(res)).first()).toBeUndefined();
  });

  it("answers 'Credenciales incorrectas' alike for a wrong password and an unknown user, and logs both", async () => {
    for (const [username, password] of [
      ['velada_admin', 'no-es-esta'],
      ['nadie', 'tampoco'],
    ] as const) {
      const res = await login(username, password);
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({ code: 'invalid_credentials', message: 'Credenciales incorrectas' });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const failed = await t.db('audit_log').where('action', 'login_failed').orderBy('id', 'desc').limit(2).pluck('username');
    expect(failed).toEqual(['nadie', 'velada_admin']);
  });

  it('names the missing field, and refuses calls from other sites', async () => {
    const missing = await call('POST', '/login', { body: { username: 'velada_admin' } });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toContain('password');
    const crossSite = await call('POST', '/login', { body: { username: 'velada_admin', password: SUPER_PASSWORD }, site: 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
  });

  it('locks a username at an address for 15 minutes after 5 failures there, without locking it elsewhere nor others', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login('socio', `mala-${i}`, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await login('socio', PARTNER_PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).message).toBe('Demasiados intentos fallidos. Esperá 15 minutos o contactá al administrador principal.');
    expect(Number((await t.db('audit_log').where({ action: 'login_locked', username: 'socio' }).count({ n: '*' }).first())?.n)).toBe(1);
    // Another user is not affected, nor the same user from another address.
    expect((await login('velada_admin', SUPER_PASSWORD, ip)).status).toBe(200);
    expect((await login('socio', PARTNER_PASSWORD)).status).toBe(200);
    // 15 minutes later the right password works again from that address too.
    await t.db('login_attempts').update({ window_ends_at: new Date(Date.now() - 1000) });
    expect((await login('socio', PARTNER_PASSWORD, ip)).status).toBe(200);
  });

  it('limits attempts per address apart from the username lock', async () => {
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await login(`usuario-${i}`, 'x', ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // From that address even a right password waits; from another, the same user logs in (no username was locked).
    expect((await login('velada_admin', SUPER_PASSWORD, ip)).status).toBe(429);
    expect((await login('velada_admin', SUPER_PASSWORD)).status).toBe(200);
  });

  it('refuses a disabled admin, and ends its open sessions', async () => {
    const cookie = sessionCookieOf(await login('socio', PARTNER_PASSWORD));
    await t.db('admin_users').where('id', partnerId).update({ active: false });
    expect((await call('GET', '/me', { cookie })).status).toBe(401);
    expect((await login('socio', PARTNER_PASSWORD)).status).toBe(401);
  });
});

describe('sessions', () => {
  async function openSession(): Promise<string> {
    return sessionCookieOf(await login('velada_admin', SUPER_PASSWORD));
  }
  const session = () => t.db('admin_sessions').first();

  it('are renewed by any call, the heartbeat included', async () => {
    const cookie = await openSession();
    await t.db('admin_sessions').update({ last_seen_at: new Date(Date.now() - 29 * 60_000) });
    const res = await call('POST', '/heartbeat', { cookie });
    expect(res.status).toBe(204);
    expect(Date.now() - new Date((await session()).last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it('end after 30 idle minutes', async () => {
    const cookie = await openSession();
    await t.db('admin_sessions').update({ last_seen_at: new Date(Date.now() - 31 * 60_000) });
    const res = await call('GET', '/me', { cookie });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toEqual({ code: 'unauthenticated', message: 'Tu sesión terminó o no iniciaste sesión. Ingresá de nuevo.' });
    expect(await session()).toBeUndefined();
  });

  it('end after 12 hours whatever the activity', async () => {
    const cookie = await openSession();
    await t.db('admin_sessions').update({ expires_at: new Date(Date.now() - 1000) });
    expect((await call('POST', '/heartbeat', { cookie })).status).toBe(401);
  });

  it('end on logout: the old cookie no longer works', async () => {
    const cookie = await openSession();
    const res = await call('POST', '/logout', { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`${staffSessions.cookie}=;`));
    expect((await call('GET', '/me', { cookie })).status).toBe(401);
    expect(await t.db('audit_log').orderBy('id', 'desc').first()).toMatchObject({ action: 'logout', username: 'velada_admin' });
  });

  it('are required: no cookie or a made-up one is a 401', async () => {
    expect((await call('GET', '/me')).status).toBe(401);
    expect((await call('GET', '/me', { cookie: 'inventado' })).status).toBe(401);
    expect((await call('POST', '/heartbeat')).status).toBe(401);
  });
});
