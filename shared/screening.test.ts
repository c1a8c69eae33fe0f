import { describe, expect, it } from 'vitest';
import { screenAdText } from './screening.ts';

describe('screenAdText', () => {
  it('passes ordinary adult texts', () => {
    expect(screenAdText('Masajes relajantes en Palermo', 'Atiendo con turno, ambiente tranquilo. Tengo 29 años.')).toEqual([]);
    // Words that merely contain a flagged term do not match.
    expect(screenAdText('Departamento en Villa Crespo con menorquina decoración', 'Atención extraordinaria, trato cordial')).toEqual([]);
  });

  it('flags terms that suggest a minor, whatever the accents and case', () => {
    expect(screenAdText('Colegiala nueva', '')).toEqual([{ kind: 'posible_menor', match: 'colegiala' }]);
    expect(screenAdText('', 'Soy ADOLESCENTE y MENOR de edad')).toEqual(
      expect.arrayContaining([
        { kind: 'posible_menor', match: 'adolescente' },
        { kind: 'posible_menor', match: 'menor' },
        { kind: 'posible_menor', match: 'menor de edad' },
      ]),
    );
    expect(screenAdText('Tengo 17 Años recién cumplidos')).toEqual([{ kind: 'posible_menor', match: '17 anos' }]);
    expect(screenAdText('Quinceañera')).toEqual([{ kind: 'posible_menor', match: 'quinceanera' }]);
  });

  it('flags terms that suggest coercion', () => {
    expect(screenAdText('Chicas nuevas cada semana, el encargado cobra')).toEqual([
      { kind: 'posible_coercion', match: 'chicas nuevas cada semana' },
      { kind: 'posible_coercion', match: 'encargado cobra' },
    ]);
    expect(screenAdText('Estoy obligada a trabajar, mi dueño me sacó el documento')).toEqual(
      expect.arrayContaining([
        { kind: 'posible_coercion', match: 'obligada' },
        { kind: 'posible_coercion', match: 'mi dueno' },
      ]),
    );
  });
});

describe('screenAdText, common phrases', () => {
  it('does not flag everyday Spanish that contains a listed word in another sense', () => {
    expect(screenAdText('Se trata de un espacio tranquilo', 'Cuando se trata de relajarte, te espero')).toEqual([]);
  });
});
