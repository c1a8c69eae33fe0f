// Recovery codes: their number, form and randomness, how a typed code is normalized, and the stored hash.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from './recovery-codes.ts';

describe('newRecoveryCodes', () => {
  it('gives ten different codes shown as XXXX-XXXX-XXXX-XXXX', () => {
    const codes = newRecoveryCodes();
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  });

  it('never uses 0, O, 1, I or L', () => {
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(RECOVERY_CODE_ALPHABET.length);
    const all = Array.from({ length: 20 }, newRecoveryCodes).flat().join('');
    expect(all).not.toMatch(/[0O1IL]/);
  });

  it('holds about 79 bits per code: 16 characters of 31 symbols', () => {
    expect(RECOVERY_CODE_LENGTH).toBe(16);
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(31);
    expect(RECOVERY_CODE_LENGTH * Math.log2(RECOVERY_CODE_ALPHABET.length)).toBeGreaterThan(79);
  });

  it('uses every symbol of the alphabet in every position, about equally often', () => {
    const codes = Array.from({ length: 400 }, newRecoveryCodes)
      .flat()
      .map((code) => code.replaceAll('-', ''));
    const counts = new Map<string, number>();
    for (const code of codes) for (const char of code) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe(RECOVERY_CODE_ALPHABET);
    const expected = (codes.length * RECOVERY_CODE_LENGTH) / RECOVERY_CODE_ALPHABET.length; // ≈ 2065
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.2);
    for (let position = 0; position < RECOVERY_CODE_LENGTH; position++) {
      expect(new Set(codes.map((code) => code[position])).size).toBe(RECOVERY_CODE_ALPHABET.length);
    }
  });
});

describe('normalizeRecoveryCode', () => {
  it('uppercases and removes spaces and dashes', () => {
    expect(normalizeRecoveryCode('ABCD-EFGH-JKMN-PQRS')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeRecoveryCode(' abcd efgh-jkmn  pqrs\n')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeRecoveryCode('abcdefghjkmnpqrs')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeRecoveryCode('AB--CD EF-GH JK-MN PQ-RS')).toBe('ABCDEFGHJKMNPQRS');
  });

  it('reads back every code it gave', () => {
    for (const code of newRecoveryCodes()) {
      const normalized = normalizeRecoveryCode(code);
      expect(normalized).toBe(code.replaceAll('-', ''));
      expect(formatRecoveryCode(normalized!)).toBe(code);
      expect(normalizeRecoveryCode(code.toLowerCase())).toBe(normalized);
    }
  });

  it('is null for a wrong length or a character outside the alphabet', () => {
    const bad = [
      '',
      'ABCD-EFGH-JKMN-PQR',
      'ABCD-EFGH-JKMN-PQRST',
      'ABCD-EFGH-JKMN-PQR0',
      'ABCD-EFGH-JKMN-PQRO',
      'ABCD-EFGH-JKMN-PQR1',
      'ABCD-EFGH-JKMN-PQRI',
      'ABCD-EFGH-JKMN-PQRL',
      'ABCD-EFGH-JKMN-PQR_',
      'ABCD.EFGH.JKMN.PQRS',
      'ÁBCD-EFGH-JKMN-PQRS',
    ];
    for (const input of bad) expect(normalizeRecoveryCode(input), input).toBeNull();
  });
});

describe('hashRecoveryCode', () => {
  it('is the SHA-256 hex of the normalized code, the same for every way of typing it', () => {
    const hash = hashRecoveryCode('ABCDEFGHJKMNPQRS');
    expect(hash).toBe(crypto.createHash('sha256').update('ABCDEFGHJKMNPQRS').digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(normalizeRecoveryCode('abcd efgh jkmn pqrs')!)).toBe(hash);
    expect(hashRecoveryCode('ABCDEFGHJKMNPQRT')).not.toBe(hash);
  });
});
