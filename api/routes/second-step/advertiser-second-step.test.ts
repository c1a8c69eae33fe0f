// Advertisers' passkeys, second step and sessions (decision 069), through real HTTP on SQLite and PostgreSQL: signing
// in with a passkey instead of the password, the optional second step after the password, removing a factor only
// after a recent sign-in, "Sesiones activas" and "Cerrar las demás", the new-device mail, and the data download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTestApp, type TestApp } from '#api/testing/http.ts';
import { MemoryMailer } from '#api/services/mail.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { hashPassword } from '#api/services/passwords.ts';
import { insertAdvertiser } from '#tooling/factories/index.ts';
import { softAuthenticator, type SoftAuthenticator } from '#tooling/testing/soft-authenticator.ts';
import { generateRegistrationOptions } from '@simplewebauthn/server';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import type { SecurityOverview } from '#shared/contracts/second-step.ts';
import { appCode, TestBrowser } from './testing.ts';

const PASSWORD = 'clave-de-anunciante-1';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
let t: TestDb;
let server: TestApp;
const mailer = new MemoryMailer();
let ips = 0;
const browser = (ua?: string) => new TestBrowser(server.url, `10.8.${Math.floor(++ips / 250)}.${ips % 250}`, ua);

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t, { config: { trustedProxies: ['127.0.0.1'] }, mailer });
});
afterAll(async () => {
  await server?.close();
  await t?.destroy();
});

let emails = 0;
async function newAccount(): Promise<{ id: number; email: string }> {
  const email = `segura${++emails}@example.com`;
  return { id: await insertAdvertiser(t.db, { email, passwordHash: await hashPassword(PASSWORD) }), email };
}
const signIn = (b: TestBrowser, email: string) => b.json('POST', '/advertiser/login', { email, password: PASSWORD });
const overview = async (b: TestBrowser) => (await b.json<SecurityOverview>('GET', '/advertiser/security')).body;

/** Adds a passkey from this signed-in browser; returns the recovery codes the first factor brings. */
async function addPasskey(b: TestBrowser, authenticator: SoftAuthenticator): Promise<string[] | undefined> {
  const options = await b.json<Parameters<SoftAuthenticator['register']>[0]>('POST', '/advertiser/security/passkeys/options');
  const added = await b.json<{ recoveryCodes?: string[] }>('POST', '/advertiser/security/passkeys', {
    response: await authenticator.register(options.body, server.url),
  });
  expect(added.status).toBe(200);
  return added.body.recoveryCodes;
}

describe('signing in with a passkey instead of the password', () => {
  it('adds a passkey from Mi cuenta (named after the browser), then signs in with it alone', async () => {
    const { email } = await newAccount();
    const b = browser(PHONE);
    expect((await signIn(b, email)).body).toMatchObject({ next: 'done' });
    const authenticator = softAuthenticator();
    expect(await addPasskey(b, authenticator)).toHaveLength(10);
    expect((await overview(b)).passkeys).toEqual([expect.objectContaining({ name: 'Chrome en Android', lastUsedAt: null })]);

    const other = browser();
    const options = await other.json<Parameters<SoftAuthenticator['authenticate']>[0]>('POST', '/advertiser/passkey/options');
    expect(options.body.allowCredentials ?? []).toEqual([]);
    const response = await authenticator.authenticate(options.body, server.url);
    expect((await other.json('POST', '/advertiser/passkey/sign-in', { response })).body).toEqual({ next: 'done' });
    expect((await other.call('GET', '/advertiser/me')).status).toBe(200);
    // Answered once: the challenge's step is gone.
    expect((await other.call('POST', '/advertiser/passkey/sign-in', { response })).status).toBe(401);
  });

  it('refuses a passkey the site never registered', async () => {
    const b = browser();
    const options = await b.json<Parameters<SoftAuthenticator['authenticate']>[0]>('POST', '/advertiser/passkey/options');
    const stranger = softAuthenticator();
    const registration = await generateRegistrationOptions({ rpName: 'Velada', rpID: '127.0.0.1', userName: 'nadie' });
    await stranger.register(registration, server.url);
    const response = await stranger.authenticate(options.body, server.url);
    const refused = await b.json<{ error: { code: string } }>('POST', '/advertiser/passkey/sign-in', { response });
    expect([refused.status, refused.body.error.code]).toEqual([401, 'passkey_refused']);
    expect(b.cookies.has(advertiserSessions.cookie)).toBe(false);
  });
});

describe('the optional second step after the password', () => {
  it('is off until she turns it on (which needs a factor); then the password alone is not enough', async () => {
    const { id, email } = await newAccount();
    const b = browser();
    await signIn(b, email);
    const refused = await b.json<{ error: { code: string } }>('PUT', '/advertiser/security/second-step', { on: true });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'no_factor']);

    const setup = await b.json<{ secret: string }>('POST', '/advertiser/security/totp');
    const added = await b.json<{ recoveryCodes: string[] }>('POST', '/advertiser/security/totp/confirm', {
      code: appCode(setup.body.secret),
    });
    expect(added.body.recoveryCodes).toHaveLength(10);
    expect((await b.call('PUT', '/advertiser/security/second-step', { on: true })).status).toBe(204);
    expect(await overview(b)).toMatchObject({ totp: true, secondStep: true, secondStepRequired: false, recoveryCodesLeft: 10 });

    const later = browser();
    expect((await signIn(later, email)).body).toMatchObject({
      next: 'second-step',
      methods: { totp: true, passkey: false, recovery: true },
    });
    expect((await later.call('GET', '/advertiser/me')).status).toBe(401);
    await t.db('totp_factors').where({ owner_kind: 'advertiser', owner_id: id }).update({ last_step: 1 });
    expect((await later.json('POST', '/advertiser/login/code', { code: appCode(setup.body.secret) })).body).toEqual({ next: 'done' });
    expect((await later.call('GET', '/advertiser/me')).status).toBe(200);
  });

  it('removing a factor or turning the step off needs a sign-in of the last 15 minutes; removing the last one turns it off', async () => {
    const { id, email } = await newAccount();
    const b = browser();
    await signIn(b, email);
    const authenticator = softAuthenticator();
    await addPasskey(b, authenticator);
    await b.call('PUT', '/advertiser/security/second-step', { on: true });
    const passkeyId = (await overview(b)).passkeys[0]!.id;

    await t
      .db('advertiser_sessions')
      .where({ advertiser_id: id })
      .update({ created_at: new Date(Date.now() - 16 * 60_000) });
    for (const [method, path, body] of [
      ['DELETE', `/advertiser/security/passkeys/${passkeyId}`, undefined],
      ['PUT', '/advertiser/security/second-step', { on: false }],
      ['POST', '/advertiser/security/recovery-codes', {}],
    ] as const) {
      const res = await b.json<{ error: { code: string; message: string } }>(method, path, body);
      expect([res.status, res.body.error.code]).toEqual([403, 'recent_sign_in_needed']);
      expect(res.body.error.message).toContain('volvé a ingresar');
    }
    await t.db('advertiser_sessions').where({ advertiser_id: id }).update({ created_at: new Date() });
    expect((await b.call('DELETE', `/advertiser/security/passkeys/${passkeyId}`)).status).toBe(204);
    expect(await overview(b)).toMatchObject({ passkeys: [], secondStep: false });
    const actions = (
      await t
        .db('audit_log')
        .where({ target_type: 'advertiser', target_id: String(id) })
        .orderBy('id')
    ).map((r) => r.action);
    expect(actions).toEqual(['factor_added', 'second_step_turned_on', 'factor_removed', 'second_step_turned_off']);
  });
});

describe('Sesiones activas', () => {
  it('lists each browser with its label and last use, marks this one, and "Cerrar las demás" ends the others', async () => {
    const { email } = await newAccount();
    const laptop = browser();
    const phone = browser(PHONE);
    await signIn(laptop, email);
    await signIn(phone, email);
    const listed = await overview(phone);
    expect(listed.sessions.map((s) => [s.device, s.current])).toEqual(
      expect.arrayContaining([
        ['Chrome en Linux', false],
        ['Chrome en Android', true],
      ]),
    );
    expect(JSON.stringify(listed)).not.toContain(phone.cookies.get(advertiserSessions.cookie)!);
    expect((await phone.json('POST', '/advertiser/security/sessions/end-others')).body).toEqual({ ended: 1 });
    expect((await laptop.call('GET', '/advertiser/me')).status).toBe(401);
    expect((await phone.call('GET', '/advertiser/me')).status).toBe(200);
    expect((await overview(phone)).sessions).toHaveLength(1);
  });

  it('mails her when a browser she never used signs in, not on her first sign-in nor from a known browser', async () => {
    const { email } = await newAccount();
    const first = browser();
    await signIn(first, email);
    await signIn(first, email);
    expect(mailer.sentTo(email)).toEqual([]);
    await signIn(browser(PHONE), email);
    const [mail] = mailer.sentTo(email);
    expect(mail?.subject).toBe('Nuevo ingreso a tu cuenta de Velada');
    expect(mail?.text).toContain('Chrome en Android');
    expect(mail?.text).toContain('/mi-cuenta#seguridad');
  });
});

describe('the data download', () => {
  it('names her passkeys, app and recovery codes left, and each change, never a secret', async () => {
    const { id, email } = await newAccount();
    const b = browser(PHONE);
    await signIn(b, email);
    await addPasskey(b, softAuthenticator());
    const download = await b.json<{ signIn: Record<string, unknown> }>('GET', '/advertiser/data');
    expect(download.status).toBe(200);
    expect(download.body.signIn).toMatchObject({
      passkeys: [{ name: 'Chrome en Android', lastUsedAt: null }],
      authenticatorApp: null,
      recoveryCodesLeft: 10,
      changes: [expect.objectContaining({ what: 'Método de ingreso agregado' })],
    });
    const stored = await t.db('passkeys').where({ owner_id: id }).first();
    expect(JSON.stringify(download.body)).not.toContain(stored.public_key);
  });
});
