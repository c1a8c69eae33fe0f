// 'Verificar anuncio': the ad check by code or link, and the phone check with its budget. Both name published ads
// only, and the phone check never shows a number.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { checkAdCode } from './check-ad-code.ts';
import { checkPhone } from './check-phone.ts';

let t: TestDb;
let publishedId: number;
let secondId: number;
let pausedId: number;

beforeAll(async () => {
  t = await createTestDb();
  const advertiser = await insertAdvertiser(t.db);
  publishedId = await insertAd(t.db, advertiser, { title: 'Masajes en Boedo', phone: '+5491144447777' });
  secondId = await insertAd(t.db, advertiser, { title: 'Otro aviso', phone: '+5491144447777' });
  pausedId = await insertAd(t.db, advertiser, { title: 'Pausado', state: 'paused', phone: '+5491144448888' });
});
afterAll(() => t.destroy());

describe('checkAdCode', () => {
  it('finds a published ad by its code or its link', async () => {
    const found = { kind: 'found', ad: { id: publishedId, slug: 'masajes-en-boedo', title: 'Masajes en Boedo' } };
    expect(await checkAdCode(t.db, ` ${publishedId} `)).toEqual(found);
    expect(await checkAdCode(t.db, `https://velada.example/anuncio/masajes-en-boedo-${publishedId}?x=1`)).toEqual(found);
    // Its link in Portuguese or English, which a tourist may have been sent.
    expect(await checkAdCode(t.db, `https://velada.example/pt/anuncio/masajes-en-boedo-${publishedId}`)).toEqual(found);
    expect(await checkAdCode(t.db, `velada.example/en/ad/masajes-en-boedo-${publishedId}#fotos`)).toEqual(found);
  });

  it('says nothing was asked for blank text, and unknown for anything not published', async () => {
    expect(await checkAdCode(t.db, '   ')).toEqual({ kind: 'none' });
    for (const code of [String(pausedId), '987654', 'hola', '0']) expect(await checkAdCode(t.db, code), code).toEqual({ kind: 'unknown' });
  });
});

describe('checkPhone', () => {
  it('names the published ads a number belongs to, newest first, from a number or a WhatsApp link, and never the number', async () => {
    const answer = await checkPhone(t.db, '11 4444-7777');
    expect(answer).toEqual({
      kind: 'found',
      ads: [
        { id: secondId, slug: 'otro-aviso', title: 'Otro aviso' },
        { id: publishedId, slug: 'masajes-en-boedo', title: 'Masajes en Boedo' },
      ],
    });
    expect(JSON.stringify(answer)).not.toContain('4444');
    expect(await checkPhone(t.db, 'https://wa.me/5491144447777')).toMatchObject({ kind: 'found' });
  });

  it('is unknown for a number only an unpublished ad has, invalid for text that holds none', async () => {
    expect(await checkPhone(t.db, '+54 9 11 4444-8888')).toEqual({ kind: 'unknown' });
    expect(await checkPhone(t.db, 'no es un número')).toEqual({ kind: 'invalid' });
  });

  it('counts each check against the budget, and past it says how long to wait', async () => {
    const takeCheck = vi.fn(async () => 0);
    expect(await checkPhone(t.db, '', { takeCheck })).toEqual({ kind: 'none' });
    expect(takeCheck).not.toHaveBeenCalled();
    await checkPhone(t.db, 'no es un número', { takeCheck });
    expect(takeCheck).toHaveBeenCalledTimes(1);
    expect(await checkPhone(t.db, '11 4444-7777', { takeCheck: async () => 61 })).toEqual({ kind: 'limited', waitSeconds: 61, minutes: 2 });
    expect(await checkPhone(t.db, '11 4444-7777', { takeCheck: async () => 5 })).toEqual({ kind: 'limited', waitSeconds: 5, minutes: 1 });
  });
});
