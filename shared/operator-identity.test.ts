import { describe, expect, it } from 'vitest';
import { cuitDigits, formatCuit, missingOperatorSettings, operatorFacts, operatorIdentity } from './operator-identity.ts';

describe('a CUIT', () => {
  it('is 11 digits, with or without its hyphens, whose last is the mod-11 check digit', () => {
    // AFIP's own CUIT, and a made-up one whose check digit was computed by hand (sum 153, 11 - 153 % 11 = 1).
    expect(cuitDigits('33-69345023-9')).toBe('33693450239');
    expect(cuitDigits('33693450239')).toBe('33693450239');
    expect(cuitDigits(' 30-12345678-1 ')).toBe('30123456781');
    expect(cuitDigits('30-12345678-9')).toBeNull();
    expect(cuitDigits('33-69345023-8')).toBeNull();
  });

  it('takes 0 where 11 minus the remainder is 11, and is never valid where it is 10', () => {
    // 20-00000001-?: sum 2*5 + 1*2 = 12, 11 - 1 = 10: no valid check digit.
    for (let d = 0; d <= 9; d++) expect(cuitDigits(`20-00000001-${d}`)).toBeNull();
    // 20-00000011-?: sum 10 + 3 + 2 = 15, 11 - 4 = 7.
    expect(cuitDigits('20-00000011-7')).toBe('20000000117');
    // 27-00000004-?: sum 10 + 28 + 8 = 46, 11 - 2 = 9.
    expect(cuitDigits('27-00000004-9')).toBe('27000000049');
    // 20-00000006-?: sum 10 + 12 = 22, 22 % 11 = 0, 11 - 0 = 11: check digit 0.
    expect(cuitDigits('20-00000006-0')).toBe('20000000060');
  });

  it('refuses anything else: other lengths, dots or spaces inside, letters', () => {
    for (const value of [
      '',
      '3069345023',
      '336934502390',
      '33.69345023.9',
      '33 69345023 9',
      '33-6934502-39',
      'CUIT 33693450239',
      '3369345023x',
    ])
      expect(cuitDigits(value), value).toBeNull();
  });

  it('is written 30-12345678-1', () => {
    expect(formatCuit('30123456781')).toBe('30-12345678-1');
  });
});

describe("the operator's identity", () => {
  it('keeps what is set, the CUIT written with its hyphens', () => {
    const identity = operatorIdentity({ name: ' Velada S.R.L. ', cuit: '30123456781', address: 'Av. Corrientes 1234, piso 5, CABA' });
    expect(identity).toEqual({ name: 'Velada S.R.L.', cuit: '30-12345678-1', address: 'Av. Corrientes 1234, piso 5, CABA' });
    expect(missingOperatorSettings(identity)).toEqual([]);
  });

  it('leaves out what is unset or blank, and names it', () => {
    const identity = operatorIdentity({ name: 'Velada S.R.L.', cuit: undefined, address: '  ' });
    expect(identity).toEqual({ name: 'Velada S.R.L.' });
    expect(missingOperatorSettings(identity)).toEqual(['PUBLIC_OPERATOR_CUIT', 'PUBLIC_OPERATOR_ADDRESS']);
    expect(missingOperatorSettings(operatorIdentity({}))).toEqual([
      'PUBLIC_OPERATOR_NAME',
      'PUBLIC_OPERATOR_CUIT',
      'PUBLIC_OPERATOR_ADDRESS',
    ]);
  });

  it('stops a build or a start with an invalid CUIT, saying what to fix in English and Spanish', () => {
    expect(() => operatorIdentity({ cuit: '30-12345678-9' })).toThrow(
      /^Invalid configuration: PUBLIC_OPERATOR_CUIT must be a CUIT of 11 digits.*\(CUIT inválido: revisá los 11 números\)\.$/,
    );
  });
});

describe("the footer's facts", () => {
  it('are the razón social, the CUIT and the domicilio, in that order, each labelled', () => {
    expect(operatorFacts({ address: 'Av. Corrientes 1234, CABA', cuit: '30-12345678-1', name: 'Velada S.R.L.' })).toEqual([
      { field: 'name', label: 'Razón social', value: 'Velada S.R.L.' },
      { field: 'cuit', label: 'CUIT', value: '30-12345678-1' },
      { field: 'address', label: 'Domicilio', value: 'Av. Corrientes 1234, CABA' },
    ]);
  });

  it('show only what is set, and nothing without settings (development, tests)', () => {
    expect(operatorFacts({ cuit: '30-12345678-1' })).toEqual([{ field: 'cuit', label: 'CUIT', value: '30-12345678-1' }]);
    expect(operatorFacts(operatorIdentity({}))).toEqual([]);
  });
});
