// Screening with evidence and duplicates across accounts, through HTTP on SQLite and PostgreSQL
// (docs/decisions/043): an ad sent for review with an indicator stays pending with its reasons and score, shown to
// staff; a photo or phone number of another account's ad becomes a match staff see side by side; a photo of an ad
// staff removed is refused at upload; a flagged ad is approved only once staff confirm they read why.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginJson } from '#api/testing/http.ts';
import { startPanel, errorOf, type Panel } from '#api/testing/panel.ts';
import { createRandom, demoPicture, insertAdvertiser } from '#tooling/factories/index.ts';
import { advertiserSessions } from '#core/sessions/sessions.ts';
import { AD_IMAGES_PREFIX } from '#api/services/image-store.ts';
import type { ModerationItem } from '#shared/contracts/staff/moderation.ts';
import { normalizePhone } from '#shared/phone.ts';

let panel: Panel;
beforeAll(async () => {
  panel = await startPanel();
});
afterAll(() => panel.close());

let phoneCounter = 1000;
/** A number of its own for each ad unless a test shares one on purpose. */
const freshPhone = () => `11 5555-${String(phoneCounter++).padStart(4, '0')}`;

async function advertiser() {
  const id = await insertAdvertiser(panel.t.db, { verificationStatus: 'verified' });
  return { id, cookie: await advertiserSessions.create(panel.t.db, id) };
}

async function own(method: string, pathname: string, cookie: string, body?: unknown) {
  const res = await fetch(`${panel.server.url}/api/advertiser/ads${pathname}`, {
    method,
    headers: { ...sameOriginJson, Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function upload(cookie: string, adId: number, bytes: Buffer) {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await fetch(`${panel.server.url}/api/advertiser/ads/${adId}/photos`, {
    method: 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', Cookie: `${advertiserSessions.cookie}=${cookie}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { id: number; url: string; error?: { code: string; message: string } } };
}

function adForm(patch: Record<string, unknown> = {}) {
  return {
    title: 'Masajes descontracturantes en Palermo',
    category: 'masajes',
    barrio: 'palermo',
    description: 'Masajes con aceites en un ambiente tranquilo y limpio. Atiendo con turno previo de lunes a viernes.',
    phone: freshPhone(),
    rates: { propio: { '1h': 20000 } },
    days: ['lunes-viernes'],
    slots: ['tarde'],
    languages: ['espanol'],
    services: ['presencial'],
    attention: ['individual'],
    plan: 'gratuito',
    ...patch,
  };
}

/** A draft with the given photos, sent for review. */
async function submittedAd(who: { cookie: string }, patch: Record<string, unknown> = {}, photos: Buffer[] = []): Promise<number> {
  const created = await own('POST', '', who.cookie, adForm(patch));
  expect(created.status).toBe(201);
  for (const photo of photos) expect((await upload(who.cookie, created.body.id, photo)).status).toBe(201);
  expect((await own('POST', `/${created.body.id}/submit`, who.cookie)).status).toBe(200);
  return created.body.id;
}

async function queue(): Promise<ModerationItem[]> {
  return (await (await panel.call('GET', '/api/admin/ads?state=pending', panel.cookies.manage_ads)).json()) as ModerationItem[];
}
const queued = async (adId: number) => (await queue()).find((a) => a.id === adId)!;

const picture = (seed: number) => demoPicture(createRandom(seed));
/** What someone re-posting a picture does to it: 80 % of its size, saved again as JPEG at quality 60. */
const copyOf = async (bytes: Buffer) => sharp(bytes).resize(640).jpeg({ quality: 60 }).toBuffer();

describe('indicators', () => {
  it.each([
    [
      'telefono_oculto',
      { description: 'Masajes con aceites en un ambiente tranquilo. Llamame al once cinco cinco cinco cinco cero uno dos tres.' },
      3,
    ],
    ['lenguaje_juvenil', { description: 'Masajes con aceites en un ambiente tranquilo. Soy jovencita, recién cumplí los 18.' }, 3],
    ['confianza', { description: 'Masajes con aceites en un ambiente tranquilo. Soy 100% confiable, confiá en mí.' }, 2],
    ['etnia', { title: 'Venezolana en Palermo', description: 'Masajes con aceites en un ambiente tranquilo y limpio, con turno.' }, 2],
  ])('an ad with %s stays pending with the reason and score, shown to staff', async (kind, patch, score) => {
    const who = await advertiser();
    const adId = await submittedAd(who, patch);
    const row = await panel.t.db('ads').where('id', adId).first();
    expect(row.state).toBe('pending');
    expect(row.review_score).toBe(score);
    expect(JSON.parse(row.review_flags)).toEqual([expect.objectContaining({ kind, weight: score, match: expect.any(String) })]);
    // Staff read the reason and the ad's score (the weights stay in the row).
    expect(await queued(adId)).toMatchObject({ score, flags: [{ kind, match: expect.any(String) }] });
  });

  it('scores "new in town" nothing, and the queue puts the heaviest reasons first', async () => {
    const who = await advertiser();
    const plain = await submittedAd(who, {
      title: 'Nueva en la ciudad, recién llegada',
      description: 'Recién llegada a Buenos Aires, nueva en el barrio, atiendo con turno.',
    });
    expect(await queued(plain)).toMatchObject({ score: 0, flags: [] });
    const heavy = await submittedAd(who, {
      title: 'Jovencita venezolana',
      description: 'Soy 100% confiable. Número en la foto. Atiendo con turno en un lugar tranquilo.',
    });
    const scores = (await queue()).map((a) => a.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect((await queue())[0]!.id).toBe(heavy);
  });

  it('approves a flagged ad only once staff confirm they read the reasons', async () => {
    const who = await advertiser();
    const adId = await submittedAd(who, { description: 'Masajes con aceites en un ambiente tranquilo. Chica de confianza, con turno.' });
    const refused = await panel.call('POST', `/api/admin/ads/${adId}/approve`, panel.cookies.manage_ads);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('flags_unread');
    expect((await panel.t.db('ads').where('id', adId).first()).state).toBe('pending');
    expect((await panel.call('POST', `/api/admin/ads/${adId}/approve?flagsRead=true`, panel.cookies.manage_ads)).status).toBe(200);
    expect(await panel.t.db('ads').where('id', adId).first()).toMatchObject({ state: 'published', review_flags: null, review_score: null });
  });
});

describe('duplicates across accounts', () => {
  it("a copy of another account's photo sends the ad to review with both photos shown side by side", async () => {
    const first = await advertiser();
    const original = await picture(101);
    const firstAd = await submittedAd(first, {}, [original]);
    // Approved: live, as agencies' ads are when the next account posts the same pictures.
    expect((await panel.call('POST', `/api/admin/ads/${firstAd}/approve`, panel.cookies.manage_ads)).status).toBe(200);

    const second = await advertiser();
    const secondAd = await submittedAd(second, { title: 'Otra cuenta, la misma foto' }, [await picture(102), await copyOf(original)]);
    const item = await queued(secondAd);
    const stored = JSON.parse((await panel.t.db('ads').where('id', secondAd).first('review_flags')).review_flags);
    expect(stored).toEqual([
      expect.objectContaining({ kind: 'foto_duplicada', match: 'foto 2', otherAdId: firstAd, otherAdvertiserId: first.id }),
    ]);
    expect(item.flags).toEqual([{ kind: 'foto_duplicada', match: 'foto 2' }]);
    expect(item.score).toBe(4);
    const [firstPhoto] = await panel.t.db('ad_images').where('ad_id', firstAd).pluck('file_key');
    const secondPhotos = await panel.t.db('ad_images').where('ad_id', secondAd).orderBy('position').pluck('file_key');
    expect(item.matches).toEqual([
      {
        kind: 'foto_duplicada',
        match: 'foto 2',
        photo: expect.stringContaining(secondPhotos[1]),
        otherPhoto: expect.stringContaining(firstPhoto),
        distance: expect.any(Number),
        mirrored: false,
        otherAd: {
          id: firstAd,
          slug: expect.any(String),
          title: 'Masajes descontracturantes en Palermo',
          state: 'published',
          advertiserName: expect.any(String),
        },
      },
    ]);
  });

  it('the same account may use its photos and number again', async () => {
    const who = await advertiser();
    const photo = await picture(201);
    const phone = freshPhone();
    await submittedAd(who, { phone }, [photo]);
    const again = await submittedAd(who, { phone, title: 'Mismo aviso, otra zona' }, [await copyOf(photo)]);
    expect(await queued(again)).toMatchObject({ flags: [], matches: [], score: 0 });
  });

  it("the phone number of another account's ad is a match; a draft of another account's is not", async () => {
    const phone = freshPhone();
    const first = await advertiser();
    const firstAd = await submittedAd(first, { phone });
    const drafter = await advertiser();
    expect((await own('POST', '', drafter.cookie, adForm({ phone }))).status).toBe(201);
    const second = await advertiser();
    const secondAd = await submittedAd(second, { phone });
    const item = await queued(secondAd);
    const stored = JSON.parse((await panel.t.db('ads').where('id', secondAd).first('review_flags')).review_flags);
    expect(stored).toEqual([{ kind: 'telefono_duplicado', match: normalizePhone(phone), otherAdId: firstAd, otherAdvertiserId: first.id }]);
    expect(item.flags).toEqual([{ kind: 'telefono_duplicado', match: normalizePhone(phone) }]);
    expect(item.matches).toMatchObject([{ kind: 'telefono_duplicado', photo: null, otherAd: { id: firstAd, state: 'pending' } }]);
  });

  it('a photo of an ad staff removed is refused at upload, to its former owner too, and nothing is stored', async () => {
    const owner = await advertiser();
    const photo = await picture(301);
    const adId = await submittedAd(owner, {}, [photo]);
    expect(
      (await panel.call('POST', `/api/admin/ads/${adId}/remove`, panel.cookies.manage_ads, { reason: 'Fotos de otra persona.' })).status,
    ).toBe(200);
    // The owner deletes the removed ad: its photos and files go, the hashes stay.
    expect((await own('DELETE', `/${adId}`, owner.cookie)).status).toBe(204);

    const filesBefore = fs.readdirSync(path.join(panel.t.dataDir, AD_IMAGES_PREFIX)).length;
    const rowsBefore = await panel.t.db('ad_images').count({ n: '*' }).first();
    for (const who of [await advertiser(), owner]) {
      const draft = (await own('POST', '', who.cookie, adForm())).body.id;
      const refused = await upload(who.cookie, draft, await copyOf(photo));
      expect(refused).toEqual({
        status: 400,
        body: {
          error: expect.objectContaining({
            code: 'removed_photo',
            message: 'Esta foto pertenece a un anuncio dado de baja por moderación y no se puede volver a usar.',
          }),
        },
      });
      // Another picture is fine.
      expect((await upload(who.cookie, draft, await picture(302))).status).toBe(201);
    }
    expect(fs.readdirSync(path.join(panel.t.dataDir, AD_IMAGES_PREFIX)).length).toBe(filesBefore + 2 * 2);
    expect(Number((await panel.t.db('ad_images').count({ n: '*' }).first())!.n)).toBe(Number(rowsBefore!.n) + 2);
  });
});
