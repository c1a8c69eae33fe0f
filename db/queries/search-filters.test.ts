import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE, MAX_TEXT_LENGTH, advancedFilterCount, parseSearchParams, toSearchParams } from '#shared/search-filters.ts';
import { createTestDb, type TestDb } from '#tooling/testing/test-db.ts';
import { insertAd, insertAdvertiser } from '#tooling/factories/index.ts';
import { searchAds } from '#db/queries/search-ads.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('parseSearchParams', () => {
  it('reads every filter', () => {
    const f = parse(
      'q=palermo&categoria=masajes&zona=sur&disponibilidad=24h&orden=precio-menor&precio=5000-10000&edad=26-35' +
        '&verificacion=fotos-reales&idioma=ingles&idioma=frances&servicio=hotel&atencion=parejas&pagina=3',
    );
    expect(f).toEqual({
      text: 'palermo',
      categoria: 'masajes',
      zona: 'sur',
      disponibilidad: '24h',
      orden: 'precio-menor',
      precio: '5000-10000',
      edad: '26-35',
      verificacion: ['fotos-reales'],
      idioma: ['ingles', 'frances'],
      servicio: ['hotel'],
      atencion: ['parejas'],
      pagina: 3,
    });
    expect(advancedFilterCount(f)).toBe(7);
  });

  it('takes the hero box text from `barrio` and prefers `q`', () => {
    expect(parse('barrio=Tranquila').text).toBe('Tranquila');
    // A place's name is the place filter (shared/places.test.ts).
    expect(parse('barrio=Núñez')).toMatchObject({ text: '', zona: 'nunez' });
    expect(parse('barrio=a&q=b').text).toBe('b');
  });

  it('ignores unknown values and clamps numbers', () => {
    const f = parse('categoria=xyz&zona=narnia&orden=raro&precio=1-2&edad=99&idioma=klingon&pagina=-3');
    expect(f.categoria).toBeUndefined();
    expect(f.zona).toBeUndefined();
    expect(f.orden).toBe('relevancia');
    expect(f.precio).toBeUndefined();
    expect(f.edad).toBeUndefined();
    expect(f.idioma).toEqual([]);
    expect(f.pagina).toBe(1);
    expect(parse('pagina=99999999999').pagina).toBe(MAX_PAGE);
    expect(parse('pagina=abc').pagina).toBe(1);
  });

  it('accepts a barrio slug or a zone as zona', () => {
    expect(parse('zona=villa-crespo').zona).toBe('villa-crespo');
    expect(parse('zona=norte').zona).toBe('norte');
  });

  it('cuts a very long text', () => {
    expect(parse(`q=${'a'.repeat(5000)}`).text).toHaveLength(MAX_TEXT_LENGTH);
  });

  it('round-trips through toSearchParams, leaving defaults out', () => {
    const query = 'q=pal&categoria=trans&idioma=ingles&orden=recientes&pagina=2';
    expect(parseSearchParams(toSearchParams(parse(query)))).toEqual(parse(query));
    expect(toSearchParams(parse('')).toString()).toBe('');
  });
});

describe('control characters in the text', () => {
  it('turns them into spaces: a NUL or an escape never reaches the database', () => {
    expect(parse('q=pal%00ermo').text).toBe('pal ermo');
    expect(parse('q=%1B%5B31mrojo%7F').text).toBe('[31mrojo');
    expect(parse('q=uno%0Ados%09tres%0D').text).toBe('uno dos tres');
    expect(parse('barrio=N%C3%BA%00%C3%B1ez').text).toBe('Nú ñez');
    expect(parse('q=%00%01%02').text).toBe('');
  });

  it('drops the half of an emoji left by cutting a long text', () => {
    expect(parse(`q=${'a'.repeat(MAX_TEXT_LENGTH - 1)}${encodeURIComponent('🙂')}`).text).toBe('a'.repeat(MAX_TEXT_LENGTH - 1));
    expect(parseSearchParams(new URLSearchParams([['q', 'hola 🙂']])).text).toBe('hola 🙂');
  });

  describe('searching with what a hand-edited address can carry', () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createTestDb();
      await insertAd(t.db, await insertAdvertiser(t.db), { title: 'Masajes en Palermo' });
    });
    afterAll(async () => {
      await t.destroy();
    });

    it.each(['pal%00ermo', 'palermo%00', '%00', '%1B%07palermo', 'palermo%ED%A0%80', "palermo'%20or%201=1--", '%5C%25_%26%7C!%3A*()'])(
      'q=%s',
      async (q) => {
        const filters = parse(`q=${q}`);
        await expect(searchAds(t.db, filters)).resolves.toMatchObject({ page: 1 });
      },
    );
  });
});
