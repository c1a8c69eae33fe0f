import { describe, expect, it } from 'vitest';
import { LEGAL_TEXTS, legalDateLabel } from './legal-texts.ts';

describe('the legal texts', () => {
  it.each(Object.entries(LEGAL_TEXTS))('the summaries of %s follow the Spanish text in force', (_, text) => {
    expect(text.summarized, 'read the summaries again against the Spanish text, then move `summarized`').toBe(text.lastUpdated);
  });

  it('writes their dates in each language, on the day of Buenos Aires', () => {
    expect(legalDateLabel('2026-11-28', 'es')).toBe('28 de noviembre de 2026');
    expect(legalDateLabel('2026-11-28', 'pt')).toBe('28 de novembro de 2026');
    expect(legalDateLabel('2026-11-28', 'en')).toBe('November 28, 2026');
  });
});
