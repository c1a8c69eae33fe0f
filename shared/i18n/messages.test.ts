// The catalogues (decision 070): every key of the Spanish catalogue in every language with a text, the same
// {{placeholders}}, and no text left in Spanish where it should be translated.
import { describe, expect, it } from 'vitest';
import { CATALOGUES, translator, type MessageKey } from './translate.ts';
import { LOCALES, localeOfPath, localizedPath } from './locales.ts';

const entries = (catalogue: Record<string, Record<string, string>>): (readonly [string, string])[] =>
  Object.entries(catalogue).flatMap(([group, texts]) => Object.entries(texts).map(([key, text]) => [`${group}.${key}`, text] as const));
const spanish = new Map(entries(CATALOGUES.es));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the catalogues', () => {
  it.each(LOCALES)('%s has every key of the Spanish catalogue and no other, each with a text', (locale) => {
    const texts = new Map(entries(CATALOGUES[locale]));
    expect([...texts.keys()].sort()).toEqual([...spanish.keys()].sort());
    for (const [key, text] of texts) expect(text.trim(), key).not.toBe('');
  });

  it.each(LOCALES)('%s uses the same placeholders as Spanish in every text', (locale) => {
    for (const [key, text] of entries(CATALOGUES[locale])) expect(placeholders(text), key).toEqual(placeholders(spanish.get(key)!));
  });

  it.each(['pt', 'en'] as const)('%s translates every text that is more than a name or a shared word', (locale) => {
    // Words the languages share (a brand, "Marketing", "Cancelar"/"Personalizar" in Portuguese) may be equal, so may a
    // short text around placeholders ("página {{page}} de {{pages}}").
    const words = (text: string) => text.split(' ').filter((word) => !/^\W*\{\{/.test(word)).length;
    const same = entries(CATALOGUES[locale]).filter(([key, text]) => text === spanish.get(key) && words(text) > 2);
    expect(same).toEqual([]);
  });
});

describe('translator', () => {
  it('gives each locale its text, with values put in', () => {
    const key: MessageKey = 'ageGate.title';
    expect(translator('es')(key)).toBe('¿Sos mayor de 18 años?');
    expect(translator('pt')(key)).toBe('Você tem 18 anos ou mais?');
    expect(translator('en')(key)).toBe('Are you 18 or older?');
  });
});

describe('locales in paths', () => {
  it('reads the locale from the prefix and puts it back', () => {
    expect(localeOfPath('/pt/busca')).toBe('pt');
    expect(localeOfPath('/en/')).toBe('en');
    expect(localeOfPath('/buscar')).toBe('es');
    expect(localeOfPath('/pto')).toBe('es');
    expect(localizedPath('/', 'pt')).toBe('/pt/');
    expect(localizedPath('/buscar', 'es')).toBe('/buscar');
    expect(localizedPath('/search', 'en')).toBe('/en/search');
  });
});
