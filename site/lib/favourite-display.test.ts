// A favourite on the favourites page of another language than the one it was saved in: its category, price and
// address in the page's language, from the values it keeps or, saved before it kept them, from its texts.
import { describe, expect, it } from 'vitest';
import { formatMoney, hourlyPriceText } from '#shared/format.ts';
import { shownFavourite } from './favourite-display.ts';
import type { Favourite } from './favourites.ts';

const saved = (over: Partial<Favourite>): Favourite => ({
  id: 7,
  code: '7',
  title: 'Sofía, masajes en Palermo',
  category: 'Massagens',
  barrio: 'Palermo',
  priceText: hourlyPriceText(20000, true, 'pt'),
  thumbnail: '',
  url: '/pt/anuncio/sofia-masajes-en-palermo-7',
  savedAt: '2026-11-28T12:00:00.000Z',
  ...over,
});

describe('a favourite shown in a language', () => {
  it('writes its category, price and address again from the values it keeps', () => {
    const f = saved({ categoryValue: 'masajes', pricePerHour: 20000, priceFrom: true });
    expect(shownFavourite(f, 'es')).toEqual({
      category: 'Masajes',
      price: hourlyPriceText(20000, true, 'es'),
      url: '/anuncio/sofia-masajes-en-palermo-7',
    });
    expect(shownFavourite(f, 'en')).toEqual({
      category: 'Massages',
      price: `from ${formatMoney(20000, 'en')} / hour`, // ARS 20,000
      url: '/en/ad/sofia-masajes-en-palermo-7',
    });
    expect(shownFavourite(saved({ categoryValue: 'escorts', pricePerHour: null, priceFrom: false }), 'pt')).toMatchObject({
      category: 'Acompanhantes',
      price: 'Preço a consultar',
    });
  });

  it('reads a favourite saved before the values were kept, in any language', () => {
    const spanish = saved({
      category: 'Masajes',
      priceText: hourlyPriceText(10000, false, 'es'),
      url: '/anuncio/sofia-masajes-en-palermo-7',
    });
    expect(shownFavourite(spanish, 'pt')).toEqual({
      category: 'Massagens',
      price: `${formatMoney(10000, 'pt')} / hora`, // ARS 10.000
      url: '/pt/anuncio/sofia-masajes-en-palermo-7',
    });
    expect(shownFavourite(spanish, 'es')).toMatchObject({ category: 'Masajes', price: spanish.priceText });
    expect(shownFavourite(saved({}), 'es')).toMatchObject({ category: 'Masajes', price: hourlyPriceText(20000, true, 'es') });
    const english = saved({ category: 'Dates', priceText: 'Price on request', url: '/en/ad/sofia-masajes-en-palermo-7' });
    expect(shownFavourite(english, 'es')).toEqual({
      category: 'Citas',
      price: 'Precio a consultar',
      url: '/anuncio/sofia-masajes-en-palermo-7',
    });
  });

  it('shows what it cannot read as it was saved', () => {
    const odd = saved({ category: 'Otra cosa', priceText: 'a convenir', url: '/una-pagina' });
    expect(shownFavourite(odd, 'en')).toEqual({ category: 'Otra cosa', price: 'a convenir', url: '/una-pagina' });
    expect(shownFavourite(saved({ categoryValue: 'no-existe', category: 'Trans' }), 'en').category).toBe('Trans');
  });
});
