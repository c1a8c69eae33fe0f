import { describe, expect, it } from 'vitest';
import { maskDni } from './dni-mask.ts';

describe('maskDni', () => {
  it('keeps the last three digits behind a fixed run of dots, whatever the length', () => {
    expect(maskDni('30123678')).toBe('•••••678');
    expect(maskDni('5123678')).toBe('•••••678');
    expect(maskDni(null)).toBeNull();
    expect(maskDni('')).toBeNull();
  });
});
