// Staff sign in with a second step (decision 069), through real HTTP on SQLite and PostgreSQL: the set-up at the
// first sign-in (an authenticator app with codes computed here, or a passkey from a software authenticator), then the
// second step with an app code (the ±1 window, a replayed code refused), a passkey or a recovery code (once), the
// limit of wrong codes and its alert, the super admin's reset (audited), and the development exemption.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { ensureSuperAdmin } from '#api/services/super-admin.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { insertAdministrator } from '#tooling/factories/index.ts';
import { softAuthenticator } from '#tooling/testing/soft-authenticator.ts';
import { staffSessions } from '#core/sessions/sessions.ts';
import { appCode, TestBrowser } from './testing.ts';

const SUPER_PASSWORD = 'clave-super-segura-1';
const PASSWORD = 'clave-de-la-socia-1';
let t: TestDb;
let server: TestApp;
let ips = 0;
const browser = () => new TestBrowser(server.url, `10.9.${Math.floor(++ips / 250)}.${ips % 250}`);

beforeAll(async () => {
  t = await createTestDb();
  await ensureSuperAdmin(t.db, SUPER_PASSWORD);
  server = await serveTestApp(t, { config: { trustedProxies: ['127.0.0.1'], staffWithoutSecondStep: ['exenta'] } });
});
afterAll(async () => {
  await server?.close();
  await t?.destroy();
});

async function newStaff(username: string): Promise<number> {
  return (await insertAdministrator(t.db, { username, passwordHash: await hashPassword(PASSWORD), permissions: ['view_reports'] })).id;
}
const signIn = (b: TestBrowser, username: string, password = PASSWORD) => b.json('POST', '/admin/login', { username, password });
/** As if the app's last code were minutes old: the current code is then not a replay of the set-up's. */
const minutesLater = (id: number) => t.db('totp_factors').where({ owner_kind: 'staff', owner_id: id }).update({ last_step: 1 });
const auditActions = async (adminUserId: number) =>
  (await t.db('audit_log').where({ admin_user_id: adminUserId }).orderBy('id')).map((r) => r.action as string);

/** Signs a new staff member in and sets up an authenticator app; returns its secret and recovery codes. */
async function withApp(username: string): Promise<{ id: number; secret: string; codes: string[] }> {
  const id = await newStaff(username);
  const b = browser();
  expect((await signIn(b, username)).body).toEqual({ next: 'setup' });
  const setup = await b.json<{ secret: string; uri: string; qrSvg: string }>('POST', '/admin/login/setup/totp');
  const done = await b.json<{ recoveryCodes: string[] }>('POST', '/admin/login/setup/totp/confirm', { code: appCode(setup.body.secret) });
  expect(done.status).toBe(200);
  return { id, secret: setup.body.secret, codes: done.body.recoveryCodes };
}

describe('the first sign-in of a staff member without a factor', () => {
  it('reaches no panel until an authenticator app is set up; then 10 recovery codes once, a session, audit rows', async () => {
    const id = await newStaff('nueva');
    const b = browser();
    const first = await signIn(b, 'nueva');
    expect(first).toEqual({ status: 200, body: { next: 'setup' } });
    expect(b.cookies.has(staffSessions.cookie)).toBe(false);
    expect((await b.call('GET', '/admin/me')).status).toBe(401);

    const setup = await b.json<{ secret: string; uri: string; qrSvg: string }>('POST', '/admin/login/setup/totp');
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toContain('role="img"');
    // The secret is kept sealed in the step, never in the clear.
    expect(JSON.stringify(await t.db('sign_in_steps').select())).not.toContain(setup.body.secret);

    const wrong = await b.json<{ error: { code: string } }>('POST', '/admin/login/setup/totp/confirm', { code: '000000' });
    expect([wrong.status, wrong.body.error.code]).toEqual([401, 'wrong_code']);
    const done = await b.json<{ next: string; recoveryCodes: string[] }>('POST', '/admin/login/setup/totp/confirm', {
      code: appCode(setup.body.secret),
    });
    expect(done.body.next).toBe('done');
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(new Set(done.body.recoveryCodes).size).toBe(10);
    expect((await b.call('GET', '/admin/me')).status).toBe(200);
    // Only hashes are kept, and the secret only sealed.
    const stored = JSON.stringify([await t.db('recovery_codes').select(), await t.db('totp_factors').select()]);
    for (const code of done.body.recoveryCodes) expect(stored).not.toContain(code);
    expect(stored).not.toContain(setup.body.secret);
    expect(await auditActions(id)).toEqual(['second_step_failed', 'factor_added', 'login_succeeded']);
  });

  it('sets up a passkey instead, which then signs in as the second step', async () => {
    await newStaff('conllave');
    const authenticator = softAuthenticator();
    const b = browser();
    await signIn(b, 'conllave');
    const options = await b.json<Parameters<typeof authenticator.register>[0]>('POST', '/admin/login/setup/passkey/options');
    expect(options.body.authenticatorSelection?.userVerification).toBe('required');
    const response = await authenticator.register(options.body, server.url);
    const done = await b.json<{ recoveryCodes: string[] }>('POST', '/admin/login/setup/passkey', { response });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);

    const later = browser();
    const step = await signIn(later, 'conllave');
    expect(step.body).toEqual({ next: 'second-step', methods: { passkey: true, totp: false, recovery: true } });
    const request = await later.json<Parameters<typeof authenticator.authenticate>[0]>('POST', '/admin/login/passkey/options');
    const assertion = await authenticator.authenticate(request.body, server.url);
    expect((await later.json('POST', '/admin/login/passkey', { response: assertion })).body).toEqual({ next: 'done' });
    expect((await later.call('GET', '/admin/me')).status).toBe(200);
    // The same signature again: the step is over, and the counter would not grow.
    expect((await later.call('POST', '/admin/login/passkey', { response: assertion })).status).toBe(401);
  });

  it('refuses a passkey answer for another origin', async () => {
    await newStaff('otroorigen');
    const authenticator = softAuthenticator();
    const b = browser();
    await signIn(b, 'otroorigen');
    const options = await b.json<Parameters<typeof authenticator.register>[0]>('POST', '/admin/login/setup/passkey/options');
    const response = await authenticator.register(options.body, 'https://velada.example.evil');
    expect((await b.json('POST', '/admin/login/setup/passkey', { response })).status).toBe(400);
    expect(await t.db('passkeys').where({ owner_kind: 'staff' }).count('* as n')).toEqual([{ n: expect.anything() }]);
  });

  it('lets a name STAFF_WITHOUT_SECOND_STEP names in with the password alone (outside production)', async () => {
    await newStaff('exenta');
    const b = browser();
    expect((await signIn(b, 'exenta')).body).toMatchObject({ next: 'done', admin: { username: 'exenta' } });
    expect((await b.call('GET', '/admin/me')).status).toBe(200);
  });
});

describe('the second step with an authenticator app', () => {
  it('accepts the code of the previous or next 30-second step, never the same step twice, and not two steps away', async () => {
    const { id, secret } = await withApp('conapp');
    await minutesLater(id);
    for (const [offset, expected] of [
      [-2, 401],
      [2, 401],
      [-1, 200],
    ] as const) {
      const b = browser();
      expect((await signIn(b, 'conapp')).body).toMatchObject({ next: 'second-step', methods: { totp: true, recovery: true } });
      expect((await b.call('POST', '/admin/login/code', { code: appCode(secret, offset) })).status).toBe(expected);
    }
    // The current code is accepted once; the same code in another sign-in is a replay (its step, or an earlier one, was used).
    const b = browser();
    await signIn(b, 'conapp');
    expect((await b.call('POST', '/admin/login/code', { code: ` ${appCode(secret)} ` })).status).toBe(200);
    const replay = browser();
    await signIn(replay, 'conapp');
    expect((await replay.call('POST', '/admin/login/code', { code: appCode(secret) })).status).toBe(401);
    expect((await replay.call('POST', '/admin/login/code', { code: appCode(secret, -1) })).status).toBe(401);
  });

  it('accepts each recovery code once, typed in any case and grouping', async () => {
    const { id, codes } = await withApp('recupera');
    const b = browser();
    await signIn(b, 'recupera');
    const typed = codes[0]!.replaceAll('-', ' ').toLowerCase();
    expect((await b.json('POST', '/admin/login/code', { code: typed })).body).toEqual({ next: 'done' });
    const again = browser();
    await signIn(again, 'recupera');
    expect((await again.call('POST', '/admin/login/code', { code: codes[0] })).status).toBe(401);
    expect((await again.call('POST', '/admin/login/code', { code: codes[1] })).status).toBe(200);
    expect(await auditActions(id)).toContain('recovery_code_used');
  });

  it('ends the step after 5 wrong codes, alerts staff, and wants the password again', async () => {
    const { id, secret } = await withApp('atacada');
    const b = browser();
    await signIn(b, 'atacada');
    for (let i = 0; i < 4; i++) expect((await b.call('POST', '/admin/login/code', { code: '123456' })).status).toBe(401);
    const fifth = await b.json<{ error: { code: string } }>('POST', '/admin/login/code', { code: '123456' });
    expect([fifth.status, fifth.body.error.code]).toEqual([429, 'too_many_codes']);
    // The step is gone: even the right code now asks for the password again.
    const after = await b.json<{ error: { code: string } }>('POST', '/admin/login/code', { code: appCode(secret) });
    expect([after.status, after.body.error.code]).toEqual([401, 'step_expired']);
    const alert = await t.db('staff_alerts').where('message', 'like', '%«atacada»%').first();
    expect(alert.message).toContain('segundo paso falló 5 veces');
    expect((await auditActions(id)).filter((a) => a === 'second_step_failed')).toHaveLength(5);
  });

  it('limits codes per account and address like passwords: a sixth attempt from one address waits', async () => {
    await withApp('limitada');
    const b = browser();
    for (let round = 0; round < 2; round++) {
      await signIn(b, 'limitada');
      for (let i = 0; i < 3; i++) await b.call('POST', '/admin/login/code', { code: '654321' });
    }
    await signIn(b, 'limitada');
    const limited = await b.json<{ error: { code: string } }>('POST', '/admin/login/code', { code: '654321' });
    expect([limited.status, limited.body.error.code]).toEqual([429, 'login_locked']);
  });
});

describe('a staff member who signs in often', () => {
  it('is not locked out of codes by her own right ones: a sign-in that completes starts her address afresh', async () => {
    const { id, codes } = await withApp('frecuente');
    const b = browser();
    for (const code of codes.slice(0, 7)) {
      await signIn(b, 'frecuente');
      expect((await b.call('POST', '/admin/login/code', { code })).status).toBe(200);
    }
    expect(await t.db('recovery_codes').where({ owner_id: id, owner_kind: 'staff' }).whereNull('used_at')).toHaveLength(3);
  });
});

describe("the super admin's reset of another staff member's factors", () => {
  it('removes factors and recovery codes, ends sessions, is audited, and the next sign-in sets up again', async () => {
    const { id, secret } = await withApp('reseteada');
    await minutesLater(id);
    const member = browser();
    await signIn(member, 'reseteada');
    await member.call('POST', '/admin/login/code', { code: appCode(secret) });
    expect((await member.call('GET', '/admin/me')).status).toBe(200);

    const admin = browser();
    expect((await signIn(admin, 'velada_admin', SUPER_PASSWORD)).body).toEqual({ next: 'setup' });
    const setup = await admin.json<{ secret: string }>('POST', '/admin/login/setup/totp');
    await admin.call('POST', '/admin/login/setup/totp/confirm', { code: appCode(setup.body.secret) });
    // A partner may not reset anyone; the super admin may not reset herself here.
    expect((await member.call('POST', `/admin/administrators/${id}/reset-second-step`)).status).toBe(403);
    const superId = (await t.db('admin_users').where({ username: 'velada_admin' }).first()).id as number;
    expect((await admin.call('POST', `/admin/administrators/${superId}/reset-second-step`)).status).toBe(409);
    expect((await admin.call('POST', `/admin/administrators/${id}/reset-second-step`)).status).toBe(200);

    expect((await member.call('GET', '/admin/me')).status).toBe(401);
    for (const table of ['totp_factors', 'recovery_codes', 'passkeys'])
      expect(await t.db(table).where({ owner_kind: 'staff', owner_id: id })).toEqual([]);
    const audit = await t.db('audit_log').where({ action: 'second_step_reset' }).first();
    expect(audit).toMatchObject({ admin_user_id: superId, target_type: 'admin_user', target_id: String(id) });
    expect((await signIn(browser(), 'reseteada')).body).toEqual({ next: 'setup' });
  });
});
