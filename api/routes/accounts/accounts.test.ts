// Advertiser accounts through HTTP on SQLite and PostgreSQL: register, confirm by the mailed link, sign in and
// out, the forgotten-password flow, the per-email lock, and what bad input gets.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson, serveTestApp, type TestApp } from '#api/testing/http.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { MemoryMailer, createMailer } from '#api/services/mail.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';

let t: TestDb;
let server: TestApp;
const mailer = new MemoryMailer();

beforeAll(async () => {
  t = await createTestDb();
  server = await serveTestApp(t, { mailer, config: { publicOrigin: 'https://velada.example' } });
});
afterAll(async () => {
  await server.close();
  await t.destroy();
});

async function post(pathname: string, body: unknown, cookie?: string, headers: Record<string, string> = sameOriginJson) {
  const res = await fetch(`${server.url}/api/advertiser/${pathname}`, {
    method: 'POST',
    headers: { ...headers, ...(cookie ? { Cookie: `${advertiserSessions.cookie}=${cookie}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: new RegExp(`${advertiserSessions.cookie}=([^;]*)`).exec(res.headers.get('set-cookie') ?? '')?.[1],
  };
}
const me = (cookie: string) => fetch(`${server.url}/api/advertiser/me`, { headers: { Cookie: `${advertiserSessions.cookie}=${cookie}` } });
const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token')!;

async function registerAndConfirm(email: string, password: string): Promise<void> {
  expect((await post('register', { fullName: 'Ana Prueba', email, password, acceptsTerms: true })).status).toBe(201);
  expect((await post('confirm-email', { token: tokenOf(mailer.lastLinkTo(email.toLowerCase())) })).status).toBe(200);
}

describe('registration and email confirmation', () => {
  it('registers, mails a confirmation link, and signs in only once the email is confirmed', async () => {
    const registered = await post('register', {
      fullName: 'Lucía Gómez',
      email: ' Lucia@Ejemplo.com ',
      password: 'una-clave-segura',
      acceptsTerms: true,
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ success: true, email: 'lucia@ejemplo.com' });
    const mail = mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: 'lucia@ejemplo.com', subject: 'Confirmá tu email en Velada' });
    // The address is not confirmed yet: nothing the registering person typed goes into that mailbox.
    expect(mail.text).toMatch(/^Hola:/);
    expect(mail.text).not.toContain('Lucía');
    const link = mailer.lastLinkTo('lucia@ejemplo.com')!;
    expect(link).toMatch(/^https:\/\/velada\.example\/confirmar-email\?token=[\w-]{43}$/);
    const row = await t.db('advertisers').where('email', 'lucia@ejemplo.com').first();
    expect(row).toMatchObject({ full_name: 'Lucía Gómez', verification_status: 'unverified', email_confirmed_at: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // Only the token's hash is stored.
    expect(JSON.stringify(await t.db('advertiser_tokens').select())).not.toContain(tokenOf(link));

    const early = await post('login', { email: 'lucia@ejemplo.com', password: 'una-clave-segura' });
    expect(early).toMatchObject({ status: 403, body: { error: { code: 'email_not_confirmed' } } });
    expect(early.cookie).toBeUndefined();

    expect((await post('confirm-email', { token: tokenOf(link) })).status).toBe(200);
    expect((await t.db('advertisers').where('email', 'lucia@ejemplo.com').first()).email_confirmed_at).not.toBeNull();
    // The same link again (a second click): the address is confirmed, so it is no error.
    expect((await post('confirm-email', { token: tokenOf(link) })).status).toBe(200);
    const unknown = await post('confirm-email', { token: 'x'.repeat(43) });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: { code: 'link_invalid', message: 'El enlace no es válido o ya se usó. Pedí uno nuevo.' } },
    });

    const signedIn = await post('login', { email: 'LUCIA@ejemplo.com', password: 'una-clave-segura' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).toMatch(/^[\w-]{43}$/);
    const res = await me(signedIn.cookie!);
    expect(await res.json()).toEqual({
      advertiser: { email: 'lucia@ejemplo.com', fullName: 'Lucía Gómez', verificationStatus: 'unverified' },
    });

    expect((await post('logout', {}, signedIn.cookie)).status).toBe(204);
    expect((await me(signedIn.cookie!)).status).toBe(401);
  });

  it('refuses a taken email (whatever its case), bad fields and a missing age confirmation, creating nothing', async () => {
    await registerAndConfirm('tomada@ejemplo.com', 'otra-clave-segura');
    const before = await t.db('advertisers').count({ n: '*' }).first();
    const taken = await post('register', {
      fullName: 'Otra Persona',
      email: 'TOMADA@ejemplo.com',
      password: 'clave-cualquiera',
      acceptsTerms: true,
    });
    expect(taken).toMatchObject({ status: 409, body: { error: { code: 'email_taken', field: 'email' } } });
    const badEmail = await post('register', {
      fullName: 'Otra Persona',
      email: 'no-es-un-email',
      password: 'clave-cualquiera',
      acceptsTerms: true,
    });
    expect(badEmail.body.error).toMatchObject({ field: 'email', detail: 'Ingresá un email válido, como nombre@ejemplo.com.' });
    const shortPassword = await post('register', {
      fullName: 'Otra Persona',
      email: 'nueva@ejemplo.com',
      password: 'corta',
      acceptsTerms: true,
    });
    expect(shortPassword.body.error).toMatchObject({ field: 'password', detail: 'La contraseña debe tener al menos 8 caracteres.' });
    const noTerms = await post('register', {
      fullName: 'Otra Persona',
      email: 'nueva@ejemplo.com',
      password: 'clave-cualquiera',
      acceptsTerms: false,
    });
    expect(noTerms.body.error).toMatchObject({ field: 'acceptsTerms' });
    expect(await t.db('advertisers').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses an expired confirmation link and mails a new one on request', async () => {
    await post('register', { fullName: 'Demorada Prueba', email: 'demorada@ejemplo.com', password: 'clave-demorada', acceptsTerms: true });
    const first = tokenOf(mailer.lastLinkTo('demorada@ejemplo.com'));
    await t
      .db('advertiser_tokens')
      .where('purpose', 'confirm_email')
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await post('confirm-email', { token: first })).toMatchObject({
      status: 410,
      body: { error: { message: 'El enlace venció. Pedí uno nuevo.' } },
    });

    const sentBefore = mailer.sent.length;
    expect((await post('resend-confirmation', { email: 'nadie@ejemplo.com' })).status).toBe(202);
    expect(mailer.sent.length).toBe(sentBefore); // same answer, no mail: the form does not tell who has an account
    expect((await post('resend-confirmation', { email: 'demorada@ejemplo.com' })).status).toBe(202);
    const second = tokenOf(mailer.lastLinkTo('demorada@ejemplo.com'));
    expect(second).not.toBe(first);
    expect((await post('confirm-email', { token: second })).status).toBe(200);
  });
});

describe('links in mail', () => {
  it('always point at the configured site, never at the Host or X-Forwarded-Host of the request', async () => {
    // No PUBLIC_ORIGIN (development) and a trusted proxy in front: the request's host names are not the site's.
    const ownMailer = new MemoryMailer();
    const proxied = await serveTestApp(t, { mailer: ownMailer, config: { trustedProxies: ['127.0.0.1'] } });
    try {
      await registerAndConfirm('anfitrion@ejemplo.com', 'clave-anfitrion-1');
      const forgot = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          // node:http, because fetch() does not let a test choose the Host header.
          const req = http.request(
            `${proxied.url}/api/advertiser/forgot-password`,
            { method: 'POST', headers: { ...sameOriginJson, ...headers } },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify({ email: 'anfitrion@ejemplo.com' }));
        });
      expect(await forgot({ 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' })).toBe(202);
      expect(await forgot({ Host: 'evil.example' })).toBe(202);
      expect(ownMailer.sent).toHaveLength(2);
      for (const mail of ownMailer.sent) {
        expect(mail.text).not.toContain('evil.example');
        expect(mail.text).toMatch(/http:\/\/localhost:3000\/restablecer-clave\?token=/);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('forgotten password', () => {
  it('mails a one-time link that sets a new password and ends every session', async () => {
    await registerAndConfirm('olvido@ejemplo.com', 'clave-original-1');
    const session = (await post('login', { email: 'olvido@ejemplo.com', password: 'clave-original-1' })).cookie!;
    const sentBefore = mailer.sent.length;
    expect((await post('forgot-password', { email: 'desconocida@ejemplo.com' })).status).toBe(202);
    expect(mailer.sent.length).toBe(sentBefore);

    expect((await post('forgot-password', { email: 'Olvido@Ejemplo.com' })).status).toBe(202);
    const mail = mailer.sent.at(-1)!;
    expect(mail.subject).toBe('Restablecé tu contraseña de Velada');
    const token = tokenOf(mailer.lastLinkTo('olvido@ejemplo.com'));
    const short = await post('reset-password', { token, password: 'corta' });
    expect(short.body.error.field).toBe('password');
    expect((await post('reset-password', { token, password: 'clave-nueva-123' })).status).toBe(200);
    expect((await post('reset-password', { token, password: 'otra-clave-456' })).body.error.code).toBe('link_invalid');

    expect((await me(session)).status).toBe(401);
    expect((await post('login', { email: 'olvido@ejemplo.com', password: 'clave-original-1' })).status).toBe(401);
    expect((await post('login', { email: 'olvido@ejemplo.com', password: 'clave-nueva-123' })).status).toBe(200);
  });
});

describe('sign-in throttling and origin', () => {
  it('locks an email at an address after 5 failures there, without locking other emails', async () => {
    await registerAndConfirm('bloqueo@ejemplo.com', 'clave-correcta-1');
    await registerAndConfirm('vecina@ejemplo.com', 'clave-vecina-1');
    for (let i = 1; i <= 4; i++) {
      expect(await post('login', { email: 'bloqueo@ejemplo.com', password: `mala-${i}` })).toMatchObject({
        status: 401,
        body: { error: { message: 'Email o contraseña incorrectos.' } },
      });
    }
    expect((await post('login', { email: 'bloqueo@ejemplo.com', password: 'mala-5' })).status).toBe(429);
    const locked = await post('login', { email: 'bloqueo@ejemplo.com', password: 'clave-correcta-1' });
    expect(locked).toMatchObject({ status: 429, body: { error: { code: 'login_locked' } } });
    expect(locked.body.error.message).toContain('Esperá 15 minutos');
    expect((await post('login', { email: 'vecina@ejemplo.com', password: 'clave-vecina-1' })).status).toBe(200);
  });

  it('refuses sign-in and registration posted from another site', async () => {
    const crossSite = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' };
    expect((await post('login', { email: 'vecina@ejemplo.com', password: 'clave-vecina-1' }, undefined, crossSite)).status).toBe(403);
    expect(
      (
        await post(
          'register',
          { fullName: 'X Y Z', email: 'xyz@ejemplo.com', password: 'clave-xyz-123', acceptsTerms: true },
          undefined,
          crossSite,
        )
      ).status,
    ).toBe(403);
    expect(await t.db('advertisers').where('email', 'xyz@ejemplo.com').first()).toBeUndefined();
  });
});

describe('the outbox mailer', () => {
  it('writes each message as an .eml file and logs where, never the link (its token) nor the address', async () => {
    const lines: string[] = [];
    const outboxMailer = createMailer({
      from: 'Velada <no-responder@velada.example>',
      dataDir: t.dataDir,
      log: (line) => lines.push(line),
    });
    await outboxMailer.send({
      to: 'privada@ejemplo.com',
      subject: 'Confirmá tu email en Velada',
      text: 'Hola:\n\nhttps://velada.example/confirmar-email?token=abc\n',
    });
    const files = fs.readdirSync(path.join(t.dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(t.dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: privada@ejemplo.com');
    expect(eml).toMatch(/Subject: =\?UTF-8\?Q\?Confirm=C3=A1_tu_email_en_Velada\?=|Subject: Confirmá tu email en Velada/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(path.join('outbox', files[0]!));
    expect(lines[0]).not.toContain('token');
    expect(lines[0]).not.toContain('privada@ejemplo.com');
  });
});
