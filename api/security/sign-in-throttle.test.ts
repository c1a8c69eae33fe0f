// Attacks on sign-in, through HTTP on SQLite and PostgreSQL (audit findings 3 and 4): parallel guesses never get
// more passwords checked than the limit; an anonymous attacker cannot lock a known account out (per address,
// growing delays for the account, and a browser that signed in before is never slowed); staff are alerted and
// the audit log tells what happened.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { ADDRESS_LIMIT } from '#db/queries/login-attempts.ts';

const SUPER_PASSWORD = 'clave-super-segura-1';
const ADVERTISER_PASSWORD = 'clave-anunciante-1';
let t: TestDb;
let server: TestApp;

beforeAll(async () => {
  t = await createTestDb();
  await ensureSuperAdmin(t.db, SUPER_PASSWORD);
  await insertAdvertiser(t.db, { email: 'atacada@ejemplo.com' });
  await t
    .db('advertisers')
    .where('email', 'atacada@ejemplo.com')
    .update({ password_hash: await hashPassword(ADVERTISER_PASSWORD), email_confirmed_at: new Date() });
  // A proxy on loopback, so each request can come from the address the test chooses.
  // The password's throttle; the staff member enters with it alone (decision 069's development path).
  server = await serveTestApp(t, { config: { trustedProxies: ['127.0.0.1'], staffWithoutSecondStep: ['velada_admin'] } });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});
beforeEach(async () => {
  await t.db('login_attempts').delete();
  await t.db('staff_alerts').delete();
});

let lastIp = 0;
const newIp = () => `203.0.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

const KINDS = {
  admin: { path: '/api/admin/login', body: (password: string) => ({ username: 'velada_admin', password }), right: SUPER_PASSWORD },
  advertiser: {
    path: '/api/advertiser/login',
    body: (password: string) => ({ email: 'atacada@ejemplo.com', password }),
    right: ADVERTISER_PASSWORD,
  },
} as const;

async function signIn(kind: keyof typeof KINDS, password: string, ip: string, cookie?: string) {
  const res = await fetch(`${server.url}${KINDS[kind].path}`, {
    method: 'POST',
    headers: { ...sameOriginJson, 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(KINDS[kind].body(password)),
  });
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return { status: res.status, code: body.error?.code, retryAfter: res.headers.get('retry-after'), setCookie: res.headers.getSetCookie() };
}

describe.each(Object.keys(KINDS) as (keyof typeof KINDS)[])('signing in as %s', (kind) => {
  it('25 parallel guesses from one address (24 wrong, the right one last) get at most 5 passwords checked, and the lock stays', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(kind, i === 24 ? KINDS[kind].right : `mala-${i}`, ip)));
    // A checked password answers 401 (wrong), 200 (right) or, for the fifth failure, 429 login_locked; the rest
    // were refused before any check.
    const checked =
      answers.filter((a) => a.status === 401 || a.status === 200).length + answers.filter((a) => a.code === 'login_locked').length;
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(25 - ADDRESS_LIMIT);
    expect(answers.filter((a) => a.status === 401 || a.status === 200).length).toBeLessThanOrEqual(ADDRESS_LIMIT);
    expect(checked).toBeLessThanOrEqual(25);
    // The right password came last: refused unheard, and it did not clear the lock.
    expect(answers[24]!.status).toBe(429);
    expect((await signIn(kind, KINDS[kind].right, ip)).status).toBe(429);
    if (kind === 'admin') {
      const failures = Number(
        (await t.db('audit_log').where({ action: 'login_failed', username: 'velada_admin', ip }).count({ n: '*' }).first())?.n,
      );
      expect(failures).toBeLessThanOrEqual(ADDRESS_LIMIT);
    }
  });

  it('an anonymous attacker who keeps failing locks out only their own address', async () => {
    const attacker = newIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < ADDRESS_LIMIT + 1; i++) await signIn(kind, `mala-${round}-${i}`, attacker);
    }
    expect((await signIn(kind, KINDS[kind].right, attacker)).status).toBe(429);
    expect((await signIn(kind, KINDS[kind].right, newIp())).status).toBe(200);
  });

  it('many addresses guessing meet growing delays for the account; a browser that signed in before is not slowed; staff are alerted once', async () => {
    const owner = await signIn(kind, KINDS[kind].right, newIp());
    expect(owner.status).toBe(200);
    const device = owner.setCookie.map((c) => c.split(';')[0]!).find((c) => c.includes('dispositivo'))!;
    // A random token per browser; the account keeps only its hash (decision 069).
    expect(device).toMatch(/dispositivo=[A-Za-z0-9_-]{43}$/);
    await t.db('login_attempts').delete(); // that sign-in was some other day

    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await signIn(kind, `mala-${i}`, newIp()));
    expect(answers.slice(0, 10).every((a) => a.status === 401)).toBe(true);
    // Past ten, each attempt has to wait: the next comes too soon.
    const slowed = answers.slice(10).filter((a) => a.code === 'login_slowed');
    expect(slowed.length).toBeGreaterThanOrEqual(3);
    expect(Number(slowed[0]!.retryAfter)).toBeGreaterThan(0);
    // A new address with the right password waits too (a delay, never a lock-out)...
    const stranger = await signIn(kind, KINDS[kind].right, newIp());
    expect(stranger).toMatchObject({ status: 429, code: 'login_slowed' });
    // ...the owner's browser does not.
    expect((await signIn(kind, KINDS[kind].right, newIp(), device)).status).toBe(200);
    // A forged device cookie is worth nothing.
    expect((await signIn(kind, KINDS[kind].right, newIp(), device.replace(/=.*/, `=${'0'.repeat(64)}`))).code).toBe('login_slowed');

    // The attack's alert (a staff sign-in from a new browser raises one of its own, decision 069).
    const alerts = await t.db('staff_alerts').where('kind', 'login_attack').where('message', 'like', 'Muchos intentos%');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].permission).toBeNull();
    // When the delay has passed, the next attempt is heard.
    await t.db('login_attempts').update({ next_allowed_at: new Date(Date.now() - 1000) });
    expect((await signIn(kind, KINDS[kind].right, newIp())).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('tells failures, address locks and account delays apart, without storing passwords', async () => {
    const ip = newIp();
    for (let i = 0; i < ADDRESS_LIMIT + 1; i++) await signIn('admin', `secreta-${i}`, ip);
    for (let i = 0; i < 12; i++) await signIn('admin', `secreta-x${i}`, newIp());
    const actions = await t
      .db('audit_log')
      .where('username', 'velada_admin')
      .whereIn('action', ['login_failed', 'login_locked', 'login_slowed'])
      .pluck('action');
    expect(actions).toContain('login_failed');
    expect(actions).toContain('login_locked');
    expect(actions).toContain('login_slowed');
    expect(JSON.stringify(await t.db('audit_log').select())).not.toContain('secreta-');
    expect(JSON.stringify(await t.db('login_attempts').select())).not.toContain('velada_admin');
  });
});
