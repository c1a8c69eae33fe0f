import { describe, expect, it } from 'vitest';
import { adInputSchema } from '#shared/ad-input.ts';
import { EMPTY_AD, draftPayload, rateTexts } from './ad-draft.ts';

const draft = {
  ...EMPTY_AD,
  title: 'Masajes descontracturantes',
  category: 'masajes' as const,
  description: 'Sesiones de masajes descontracturantes en un espacio tranquilo y cuidado.',
  phone: '11 2345-6789',
};

describe('the ad draft', () => {
  it('sends the schema its shape: rates typed with thousands dots or a $ as numbers, no barrio as null', () => {
    const parsed = adInputSchema.parse(
      draftPayload({
        ...draft,
        services: ['presencial', 'hotel'],
        rates: { propio: { '1h': '15.000', '30min': ' $ 9.000 ', '2h': '' }, hotel: { noche: '80000' } },
      }),
    );
    expect(parsed).toMatchObject({ barrio: null, zona: 'caba', languages: ['espanol'], plan: 'gratuito' });
    expect(parsed.rates).toEqual({ propio: { '30min': 9000, '1h': 15000 }, hotel: { noche: 80000 } });
  });

  it('sends only the rows of the places the ad offers now: unticking a service drops its rates', () => {
    const rates = { propio: { '1h': '15000' }, domicilio: { '1h': '20000' }, hotel: { '2h': '30000' } };
    expect(draftPayload({ ...draft, services: ['domicilio', 'virtual'], rates }).rates).toEqual({ domicilio: { '1h': 20000 } });
    // No in-person service marked: the one row is kept as the own place's.
    expect(draftPayload({ ...draft, services: ['virtual'], rates }).rates).toEqual({ propio: { '1h': 15000 } });
  });

  it('lets the schema refuse what is not a whole number of pesos, naming the cell', () => {
    const result = adInputSchema.safeParse(draftPayload({ ...draft, services: ['presencial'], rates: { propio: { '1h': '15,5' } } }));
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['rates', 'propio', '1h'], message: 'Cada tarifa debe ser un número entero de pesos.' }),
    ]);
  });

  it('shows a saved ad’s rates in the inputs as they read back', () => {
    const texts = rateTexts({ propio: { '1h': 15000 }, hotel: { noche: 80000 } });
    expect(texts).toEqual({ propio: { '1h': '15000' }, hotel: { noche: '80000' } });
    expect(draftPayload({ ...draft, services: ['presencial', 'hotel'], rates: texts }).rates).toEqual({
      propio: { '1h': 15000 },
      hotel: { noche: 80000 },
    });
  });

  it('leaves empty rates out and lets the schema name what is missing in an empty draft', () => {
    expect(draftPayload(EMPTY_AD).rates).toEqual({});
    const result = adInputSchema.safeParse(draftPayload(EMPTY_AD));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['title', 'category', 'description']));
  });
});
