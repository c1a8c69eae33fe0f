import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('starts with a byte-order mark, separates with semicolons and ends rows with CRLF', () => {
    expect(toCsv({ columns: ['Nombre', 'Monto'], rows: [['Camila Ríos', 15000]] })).toBe('\uFEFFNombre;Monto\r\nCamila Ríos;15000\r\n');
  });

  it('quotes cells with separators, quotes or line breaks', () => {
    const csv = toCsv({ columns: ['a'], rows: [['uno; dos'], ['dijo "hola"'], ['línea\nnueva']] });
    expect(csv.split('\r\n').slice(1, 4)).toEqual(['"uno; dos"', '"dijo ""hola"""', '"línea\nnueva"']);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const csv = toCsv({ columns: ['a'], rows: [['=HYPERLINK("x")'], ['+54 11'], ['-1'], ['@SUM(A1)']] });
    expect(csv.split('\r\n').slice(1, 5)).toEqual(['"\'=HYPERLINK(""x"")"', "'+54 11", "'-1", "'@SUM(A1)"]);
  });

  it('writes empty cells for missing values and sí/no for booleans, numbers as digits', () => {
    expect(toCsv({ columns: ['a', 'b', 'c', 'd'], rows: [[null, undefined, true, -2500]] })).toBe('\uFEFFa;b;c;d\r\n;;sí;-2500\r\n');
  });
});
