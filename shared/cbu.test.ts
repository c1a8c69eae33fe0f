import { describe, expect, it } from 'vitest';
import { cbuFrom, isValidCbu } from './cbu.ts';

// The example CBU banks publish in their guides (Banco Macro's format).
const EXAMPLE = '2850590940090418135201';

describe('isValidCbu', () => {
  it('accepts a CBU whose two check digits are right', () => {
    expect(isValidCbu(EXAMPLE)).toBe(true);
    expect(cbuFrom('2850590', '4009041813520')).toBe(EXAMPLE);
    expect(isValidCbu(cbuFrom('0110599', '2000000123456'))).toBe(true);
  });

  it('refuses a wrong check digit in either block, other lengths and non-digits', () => {
    const wrongFirst = EXAMPLE.slice(0, 7) + ((Number(EXAMPLE[7]) + 1) % 10) + EXAMPLE.slice(8);
    const wrongSecond = EXAMPLE.slice(0, 21) + ((Number(EXAMPLE[21]) + 1) % 10);
    expect(isValidCbu(wrongFirst)).toBe(false);
    expect(isValidCbu(wrongSecond)).toBe(false);
    expect(isValidCbu(EXAMPLE.slice(1))).toBe(false);
    expect(isValidCbu(`${EXAMPLE}0`)).toBe(false);
    expect(isValidCbu(`${EXAMPLE.slice(0, 21)}x`)).toBe(false);
  });
});
