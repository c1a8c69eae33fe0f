// Mail to advertisers about their ads and their choice of it (decision 035), through HTTP on SQLite and PostgreSQL:
// each staff decision and report hold is mailed once, with one link to the preferences; kinds turned off are not
// sent; the link's token works without signing in and a tampered one changes nothing; one-click unsubscribe (RFC
// 8058); a staff action stands when the mail transport fails. The plan job's notices are in expiry-notices.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { sameOriginJson } from '#api/testing/http.ts';
import { insertAd } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { preferencesToken } from '#core/mail-preferences/preferences-link.ts';
import { deleteAdvertiserAccount, exportAdvertiserData } from '#db/queries/advertiser-data.ts';
import { formatLongDate } from '#shared/format.ts';
import {
  t,
  server,
  brokenServer,
  mailer,
  SITE,
  broken,
  owner,
  asStaff,
  post,
  linksOf,
  preferencesLinkOf,
  optOutsOf,
  useMailApp,
} from './testing.ts';

useMailApp();

describe('mail about staff decisions and report holds', () => {
  it('approval: a discreet mail with the account link, the preferences link and RFC 8058 headers, once', async () => {
    const { adId, email, id } = await owner({ state: 'pending', title: 'Masajes relajantes en Belgrano' });
    expect((await asStaff(server, 'POST', `/ads/${adId}/approve`)).status).toBe(200);
    const [mail, ...more] = mailer.sentTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Tu anuncio ya está publicado');
    expect(mail!.subject).not.toContain('Masajes');
    expect(mail!.text).toMatch(/^Hola Lucía Dueña:/);
    expect(mail!.text).toContain(`«Masajes relajantes en Belgrano» (código ${adId})`);
    const expires = new Date((await t.db('ads').where('id', adId).first('expires_at')).expires_at);
    expect(mail!.text).toContain(`ya está publicado hasta el ${formatLongDate(expires)}.`);
    expect(linksOf(mail!)[0]).toBe(`${SITE}/mi-cuenta`);
    const link = preferencesLinkOf(mail!);
    expect(link.origin + link.pathname).toBe(`${SITE}/preferencias-de-correo`);
    expect(link.searchParams.get('token')).toBe(await preferencesToken(t.db, id));
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${SITE}/api/mail-preferences/unsubscribe?token=${await preferencesToken(t.db, id)}&kind=ad_published>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Approving again is refused, and mails nothing.
    expect((await asStaff(server, 'POST', `/ads/${adId}/approve`)).status).toBe(409);
    expect(mailer.sentTo(email)).toHaveLength(1);
  });

  it('rejection and removal: the staff reason, the way to fix or ask, no unsubscribe header (they are always sent)', async () => {
    const pending = await owner({ state: 'pending' });
    expect(
      (await asStaff(server, 'POST', `/ads/${pending.adId}/reject`, { reason: 'Las fotos no muestran a la anunciante.' })).status,
    ).toBe(200);
    const rejected = mailer.sentTo(pending.email);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ subject: 'Tu anuncio necesita cambios' });
    expect(rejected[0]!.text).toContain('Motivo: Las fotos no muestran a la anunciante.');
    expect(linksOf(rejected[0]!)[0]).toBe(`${SITE}/mi-cuenta/anuncios/${pending.adId}`);
    preferencesLinkOf(rejected[0]!);
    expect(rejected[0]!.headers).toBeUndefined();

    const live = await owner();
    expect((await asStaff(server, 'POST', `/ads/${live.adId}/remove`, { reason: 'Denuncia de estafa confirmada.' })).status).toBe(200);
    const removed = mailer.sentTo(live.email);
    expect(removed).toHaveLength(1);
    expect(removed[0]!.subject).toBe('Dimos de baja tu anuncio');
    expect(removed[0]!.text).toContain('Motivo: Denuncia de estafa confirmada.');
    expect(linksOf(removed[0]!).slice(0, 2)).toEqual([`${SITE}/mi-cuenta`, `${SITE}/contacto?tema=soporte`]);
    preferencesLinkOf(removed[0]!);
    expect(removed[0]!.headers).toBeUndefined();
  });

  it('a report hold: pending review, the kind of concern in neutral words, how to answer; never the reporter', async () => {
    const { adId, email } = await owner();
    const res = await fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { ...sameOriginJson, 'X-Forwarded-For': '198.51.100.77' },
      body: JSON.stringify({ adId, reason: 'posible_trata', details: 'Texto del testigo', contactEmail: 'testigo@ejemplo.com' }),
    });
    expect(res.status).toBe(201);
    const [mail, ...more] = mailer.sentTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Tu anuncio quedó oculto mientras lo revisamos');
    expect(mail!.text).toContain('La denuncia plantea dudas sobre si el anuncio se publica por decisión propia.');
    expect(mail!.text).toContain('hasta que el equipo de Velada lo revise');
    expect(linksOf(mail!).slice(0, 2)).toEqual([`${SITE}/mi-cuenta/anuncios/${adId}/revision`, `${SITE}/mi-cuenta`]);
    for (const secret of ['testigo', 'Texto del testigo', '198.51.100.77', 'trata', 'explotación'])
      expect(mail!.text).not.toContain(secret);
    preferencesLinkOf(mail!);
    expect(mail!.headers).toBeUndefined();
  });

  it('the staff action stands when the mail transport fails, and the log names neither the address nor the error text', async () => {
    const { adId, email } = await owner({ state: 'pending' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const before = broken.attempts;
      expect((await asStaff(brokenServer, 'POST', `/ads/${adId}/approve`)).status).toBe(200);
      expect(broken.attempts).toBe(before + 1);
      expect((await t.db('ads').where('id', adId).first('state')).state).toBe('published');
      expect(
        await t
          .db('audit_log')
          .where({ action: 'ad_approved', target_id: String(adId) })
          .first(),
      ).toBeDefined();
      const live = await owner();
      expect((await asStaff(brokenServer, 'POST', `/ads/${live.adId}/remove`, { reason: 'Datos falsos.' })).status).toBe(200);
      expect((await t.db('ads').where('id', live.adId).first('state')).state).toBe('removed');
      const logged = errors.mock.calls.map((args) => args.map(String).join(' '));
      // Only the mail's lines: the app's other background work (a search index rebuilt after the approval, which on a
      // busy PostgreSQL may wait too long for a connection and say so) logs through the same console.
      expect(logged.filter((line) => line.includes('mail to its advertiser'))).toEqual([
        `Ad ${adId}: the 'approved' mail to its advertiser failed (ECONNECTION).`,
        `Ad ${live.adId}: the 'removed' mail to its advertiser failed (ECONNECTION).`,
      ]);
      for (const line of logged) expect(line).not.toMatch(/@|dueña|ejemplo/);
    } finally {
      errors.mockRestore();
    }
    expect(mailer.sentTo(email)).toEqual([]);
  });
});

describe('mail preferences', () => {
  it('the mailed link turns a kind off without signing in; that kind is no longer sent, the essential ones still are', async () => {
    const { id, email } = await owner();
    const token = await preferencesToken(t.db, id);
    const res = await post('/api/mail-preferences', { token, preferences: { ad_published: false } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ preferences: { ad_published: false, ad_expiry: true } });
    expect(await optOutsOf(id)).toEqual(['ad_published']);
    // The same change again changes nothing.
    expect((await post('/api/mail-preferences', { token, preferences: { ad_published: false } })).status).toBe(200);
    expect(await optOutsOf(id)).toEqual(['ad_published']);

    const toApprove = await insertAd(t.db, id, { state: 'pending' });
    const toReject = await insertAd(t.db, id, { state: 'pending' });
    expect((await asStaff(server, 'POST', `/ads/${toApprove}/approve`)).status).toBe(200);
    expect((await asStaff(server, 'POST', `/ads/${toReject}/reject`, { reason: 'Falta una foto propia.' })).status).toBe(200);
    expect(mailer.sentTo(email).map((m) => m.subject)).toEqual(['Tu anuncio necesita cambios']);

    // Back on.
    expect((await post('/api/mail-preferences', { token, preferences: { ad_published: true } })).status).toBe(200);
    expect(await optOutsOf(id)).toEqual([]);
  });

  it('a tampered, cut or foreign token is refused with a Spanish message and changes nothing', async () => {
    const { id } = await owner();
    const other = await owner();
    const token = await preferencesToken(t.db, id);
    const [prefix, mac] = token.split('.') as [string, string];
    const flipped = `${prefix}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const otherToken = await preferencesToken(t.db, other.id);
    for (const bad of [flipped, token.slice(0, -3), `${other.id}.${mac}`, `${id}.${otherToken.split('.')[1]}`, '', 'x'.repeat(99)]) {
      const res = await post('/api/mail-preferences', { token: bad, preferences: { ad_expiry: false } });
      expect(res.status, bad).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('preferences_link_invalid');
      expect(error.message).toMatch(/^El enlace para elegir tus correos no es válido/);
    }
    expect(await optOutsOf(id)).toEqual([]);
    expect(await optOutsOf(other.id)).toEqual([]);

    // Input that is not a choice: refused, with the field named.
    for (const preferences of [{}, { ad_rejected: false }, { ad_expiry: 'no' }]) {
      const res = await post('/api/mail-preferences', { token, preferences });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/[áéíóúñ]|Elegí|tipo de correo|Indicá/);
    }
    expect(await optOutsOf(id)).toEqual([]);

    // A deleted account's links no longer open anything.
    await deleteAdvertiserAccount(t.db, other.id);
    expect((await post('/api/mail-preferences', { token: otherToken, preferences: { ad_expiry: false } })).status).toBe(400);
  });

  it('one-click unsubscribe: the mail program posts to the List-Unsubscribe address and that kind goes off', async () => {
    const { id, adId, email } = await owner({ state: 'pending' });
    expect((await asStaff(server, 'POST', `/ads/${adId}/approve`)).status).toBe(200);
    const header = mailer.sentTo(email)[0]!.headers!['List-Unsubscribe']!;
    const address = new URL(header.slice(1, -1));
    // As a mail provider posts it: from its own servers, no session, no Origin, a form body (RFC 8058).
    const oneClick = (search: string) =>
      fetch(`${server.url}${address.pathname}${search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const tampered = await oneClick(address.search.replace(/token=\d+\./, 'token=999999.'));
    expect(tampered.status).toBe(400);
    expect(await optOutsOf(id)).toEqual([]);
    expect((await oneClick(address.search.replace('kind=ad_published', 'kind=account'))).status).toBe(400);
    expect(await optOutsOf(id)).toEqual([]);

    const res = await oneClick(address.search);
    expect(res.status).toBe(200);
    expect(await optOutsOf(id)).toEqual(['ad_published']);
    expect((await oneClick(address.search)).status).toBe(200);
    expect(await optOutsOf(id)).toEqual(['ad_published']);

    // Opened in a browser instead (GET): the preferences page, nothing changed by the visit itself.
    await t.db('mail_opt_outs').where('advertiser_id', id).delete();
    const opened = await fetch(`${server.url}${address.pathname}${address.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/preferencias-de-correo?token=${encodeURIComponent(address.searchParams.get('token')!)}`);
    expect(await optOutsOf(id)).toEqual([]);
  });

  it('the account sets the same choices with its session; without one it is refused', async () => {
    const { id } = await owner();
    const cookie = await advertiserSessions.create(t.db, id);
    expect((await post('/api/advertiser/mail-preferences', { preferences: { ad_expiry: false } })).status).toBe(401);
    expect(await optOutsOf(id)).toEqual([]);
    const res = await post('/api/advertiser/mail-preferences', { preferences: { ad_expiry: false, ad_published: false } }, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ preferences: { ad_published: false, ad_expiry: false } });
    expect(await optOutsOf(id)).toEqual(['ad_expiry', 'ad_published']);

    // The data export lists them.
    const data = await exportAdvertiserData(t.db, id);
    expect(data.mailPreferences).toEqual([
      { kind: 'ad_published', label: 'Anuncio publicado', on: false, offSince: expect.any(Date) },
      { kind: 'ad_expiry', label: 'Vencimiento de tu anuncio', on: false, offSince: expect.any(Date) },
    ]);
    const download = await fetch(`${server.url}/api/advertiser/data`, { headers: { Cookie: `${advertiserSessions.cookie}=${cookie}` } });
    expect(((await download.json()) as { mailPreferences: { kind: string; on: boolean }[] }).mailPreferences.map((p) => p.on)).toEqual([
      false,
      false,
    ]);
  });
});
