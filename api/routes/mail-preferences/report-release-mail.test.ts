// The mail an advertiser gets when staff dismiss the report that hid their ad and it is visible again, through HTTP
// on SQLite and PostgreSQL: sent once the last hiding report is dismissed, always (it ends a hold, which is always
// mailed: decision 035), never while another report still hides the ad, nor when the report is confirmed.
import { describe, expect, it } from 'vitest';
import { sameOriginJson } from '#api/testing/http.ts';
import { t, server, mailer, SITE, owner, asStaff, linksOf, preferencesLinkOf, post, useMailApp } from './testing.ts';
import { preferencesToken } from '#core/mail-preferences/preferences-link.ts';

useMailApp();

let address = 10;
/** A visitor's report of a reason that hides the ad, each from an address of its own. */
async function report(adId: number, reason: 'posible_menor' | 'posible_trata'): Promise<number> {
  address += 1;
  const res = await fetch(`${server.url}/api/reports`, {
    method: 'POST',
    headers: { ...sameOriginJson, 'X-Forwarded-For': `198.51.100.${address}` },
    body: JSON.stringify({ adId, reason, details: 'Texto del testigo', contactEmail: 'testigo@ejemplo.com' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const stateOf = async (adId: number) => (await t.db('ads').where('id', adId).first('state')).state as string;
const RELEASED = 'Tu anuncio se ve de nuevo';

describe('mail when a dismissed report brings an ad back', () => {
  it('is sent once the last hiding report is dismissed, with the ad and the account link; never the reporter', async () => {
    const { adId, email } = await owner({ title: 'Masajes descontracturantes en Caballito' });
    const first = await report(adId, 'posible_trata');
    const second = await report(adId, 'posible_menor');
    expect(await stateOf(adId)).toBe('held');
    const heldMails = mailer.sentTo(email).length;

    // Another open report still hides it: no mail yet.
    expect((await asStaff(server, 'POST', `/reports/${first}/dismiss`)).status).toBe(200);
    expect(await stateOf(adId)).toBe('held');
    expect(mailer.sentTo(email).filter((m) => m.subject === RELEASED)).toEqual([]);

    expect((await asStaff(server, 'POST', `/reports/${second}/dismiss`)).status).toBe(200);
    expect(await stateOf(adId)).toBe('published');
    const sent = mailer.sentTo(email).slice(heldMails);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe(RELEASED);
    expect(mail.subject).not.toContain('Masajes');
    expect(mail.text).toMatch(/^Hola Lucía Dueña:/);
    expect(mail.text).toContain(`«Masajes descontracturantes en Caballito» (código ${adId})`);
    expect(mail.text).toContain('no encontramos motivos para mantenerlo oculto. Ya se ve de nuevo en Velada');
    expect(linksOf(mail)[0]).toBe(`${SITE}/mi-cuenta`);
    for (const secret of ['testigo', 'Texto del testigo', 'trata', 'menor']) expect(mail.text).not.toContain(secret);
    // Always sent, like the hold: a preferences link but no one-click unsubscribe.
    preferencesLinkOf(mail);
    expect(mail.headers).toBeUndefined();

    // Deciding it again is refused and mails nothing more.
    expect((await asStaff(server, 'POST', `/reports/${second}/dismiss`)).status).toBe(409);
    expect(mailer.sentTo(email).slice(heldMails)).toHaveLength(1);
  });

  it('is sent even when every optional kind is turned off', async () => {
    const { id, adId, email } = await owner();
    const token = await preferencesToken(t.db, id);
    expect((await post('/api/mail-preferences', { token, preferences: { ad_published: false, ad_expiry: false } })).status).toBe(200);
    expect(await t.db('mail_opt_outs').where('advertiser_id', id)).toHaveLength(2);
    const reportId = await report(adId, 'posible_menor');
    expect((await asStaff(server, 'POST', `/reports/${reportId}/dismiss`)).status).toBe(200);
    expect(mailer.sentTo(email).map((m) => m.subject)).toContain(RELEASED);
  });

  it('is not sent when the report is confirmed: the ad stays hidden', async () => {
    const { adId, email } = await owner();
    const reportId = await report(adId, 'posible_trata');
    expect((await asStaff(server, 'POST', `/reports/${reportId}/resolve`)).status).toBe(200);
    expect(await stateOf(adId)).toBe('held');
    expect(mailer.sentTo(email).map((m) => m.subject)).not.toContain(RELEASED);
  });
});
