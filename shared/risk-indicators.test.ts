import { describe, expect, it } from 'vitest';
import { screenIndicators, type IndicatorKind } from './risk-indicators.ts';
import { reviewScore } from './review-flags.ts';
import { screenAdContent } from './screening.ts';

const PHONE = '+5491155550000';
const kinds = (title: string, description = '', phone: string | null = PHONE) =>
  screenIndicators({ title, description, phone }).map((f) => f.kind);
const only = (kind: IndicatorKind, title: string, description = '') => {
  const flags = screenIndicators({ title, description, phone: PHONE });
  expect(
    flags.map((f) => f.kind),
    `${title} ${description}`,
  ).toEqual([kind]);
  return flags[0]!;
};

describe('obscured or image-only phone', () => {
  it.each([
    ['Llamame al once cinco cinco cinco cinco cero uno dos tres'],
    ['WhatsApp: uno uno, cinco cinco, cinco cinco, cero cero'],
    ['Escribime 11 cinco cinco cinco cinco 0000'],
    ['Tel 1 1 - 5 5 5 5 - 0 1 2 3'],
    ['Mi cel: II 5S5S 0I23'],
    ['Número en la foto, consultas por mensaje'],
    ['El teléfono está en la última foto'],
    ['Ver imagen para contacto'],
    ['Mirá la foto para el número'],
  ])('flags %s', (text) => {
    expect(only('telefono_oculto', 'Masajes en Palermo', text).weight).toBe(3);
  });

  it('flags a number in the text other than the ad’s own, and not the ad’s own', () => {
    expect(only('telefono_oculto', 'Masajes', 'Escribime al 11 4444-1234 por WhatsApp').match).toBe('otro numero: 11 4444-1234');
    expect(kinds('Masajes', 'Escribime al 11 5555-0000 por WhatsApp')).toEqual([]);
  });

  it.each([
    ['Sesiones de uno a dos horas, tarifas de 20.000 a 36.000'],
    ['Atiendo de 10 a 20 hs, sábados de 11 a 15'],
    ['Uno, dos o tres masajes por semana: si, solo 150 lo'],
    ['Las fotos son reales y actuales, contacto de lunes a viernes'],
    ['Precio por 2 horas: $ 36000. Turnos 2024.'],
  ])('does not flag %s', (text) => {
    expect(kinds('Masajes en Palermo', text)).toEqual([]);
  });
});

describe('language suggesting youth', () => {
  it.each([
    'Jovencita de Belgrano',
    'Soy muy joven y dulce',
    'Carita de ángel, inexperta',
    'Es mi primera vez en esto',
    'Primera vez que atiendo',
    'Recién cumplí los 18',
    '18 añitos',
    'Soy virgen',
    'Una chiquilina divertida',
  ])('flags %s', (text) => {
    expect(only('lenguaje_juvenil', text).weight).toBe(3);
  });

  it.each([
    'Soy chiquita y delgada, 32 años',
    'Mujer joven de 30, profesional',
    '¿Es tu primera vez? Te explico todo con paciencia',
    'Estudiante universitaria de 24',
    'Masajes con aceite de coco virgen',
    'Aceite de oliva extra virgen',
  ])('does not flag %s', (text) => {
    expect(kinds('Masajes', text)).toEqual([]);
  });
});

describe('"trust" phrasing', () => {
  it.each(['Soy 100% confiable', 'Chica de confianza', 'Confiá en mí', 'Lugar seguro y discreto', 'Podés confiar, sin riesgos'])(
    'flags %s',
    (text) => {
      expect(only('confianza', 'Masajes', text).weight).toBe(2);
    },
  );
  it.each(['Atención discreta', 'Departamento privado, discreción total', 'Confirmá tu turno por mensaje'])('does not flag %s', (text) => {
    expect(kinds('Masajes', text)).toEqual([]);
  });
});

describe('ethnicity emphasis', () => {
  it('weighs one mention in the description as self-description, lower than one in the title or repeated', () => {
    expect(only('etnia', 'Masajes en Palermo', 'Soy venezolana, atiendo con turno')).toMatchObject({ match: 'venezolana', weight: 1 });
    expect(only('etnia', 'Paraguaya en Once', 'Atiendo con turno')).toMatchObject({ match: 'paraguaya', weight: 2 });
    expect(only('etnia', 'Masajes', 'Dominicana caliente, latina de verdad')).toMatchObject({ match: 'dominicana, latina', weight: 2 });
    expect(only('etnia', 'Masajes', 'Asiática exótica')).toMatchObject({ weight: 2 });
    expect(only('etnia', 'Acompañante oriental', '')).toMatchObject({ match: 'oriental', weight: 2 });
  });
  it.each([
    'Masaje oriental y descontracturante',
    'Masajes tailandeses con técnica oriental',
    'Soy argentina, de Caballito',
    'Morena de pelo largo',
  ])('does not flag %s', (text) => {
    expect(kinds('Masajes', text)).toEqual([]);
  });
});

describe('what research found not to indicate trafficking', () => {
  it('scores "new in town" wording nothing', () => {
    const flags = screenAdContent({
      title: 'Nueva en la ciudad',
      description: 'Recién llegada a Buenos Aires, nueva en el barrio',
      phone: PHONE,
    });
    expect(flags).toEqual([]);
    expect(reviewScore(flags)).toBe(0);
  });
});

describe('the score', () => {
  it('adds each indicator once, with the hard terms of the word list', () => {
    const flags = screenAdContent({
      title: 'Jovencita venezolana',
      description: 'Colegiala, 100% confiable. Número en la foto. Jovencita y muy joven.',
      phone: PHONE,
    });
    expect(flags.map((f) => f.kind)).toEqual(['posible_menor', 'telefono_oculto', 'lenguaje_juvenil', 'confianza', 'etnia']);
    expect(flags.find((f) => f.kind === 'lenguaje_juvenil')?.match).toBe('jovencita, muy joven');
    // 5 (hard term) + 3 + 3 + 2 + 2 (ethnicity in the title)
    expect(reviewScore(flags)).toBe(15);
  });
  it('reads flags stored before the indicators (no weight) by their kind', () => {
    expect(
      reviewScore([
        { kind: 'posible_menor', match: 'colegiala' },
        { kind: 'posible_coercion', match: 'obligada' },
      ]),
    ).toBe(10);
  });
});
