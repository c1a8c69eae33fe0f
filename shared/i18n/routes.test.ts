import { describe, expect, it } from 'vitest';
import { alternatesOf, pathIn, spanishPathOf, TRANSLATED_PAGES } from './routes.ts';
import { localeOfPath } from './locales.ts';

describe('translated pages', () => {
  it('lead a link to the page in the same language when it has one, to the Spanish page otherwise', () => {
    expect(pathIn('es', '/buscar?q=x')).toBe('/buscar?q=x');
    expect(pathIn('pt', '/una-pagina-sin-traducir#parte')).toBe('/una-pagina-sin-traducir#parte');
    expect(pathIn('en', '/denunciar?motivo=estafa#form')).toBe('/denunciar?motivo=estafa#form');
    for (const [spanish, paths] of Object.entries(TRANSLATED_PAGES)) {
      for (const [locale, path] of Object.entries(paths)) {
        expect(pathIn(locale as 'pt' | 'en', `${spanish}#x`)).toBe(`${path}#x`);
        // Each translated path is under its language's prefix.
        expect(localeOfPath(path)).toBe(locale);
      }
      expect(alternatesOf(spanish)).toEqual({ es: spanish, ...paths });
    }
  });

  it('find the Spanish page of a path in any language, and lead it to another', () => {
    expect(spanishPathOf('/pt/anuncio/masajes-en-palermo-7')).toBe('/anuncio/masajes-en-palermo-7');
    expect(pathIn('en', spanishPathOf('/pt/anuncio/masajes-en-palermo-7'))).toBe('/en/ad/masajes-en-palermo-7');
    expect(spanishPathOf('/en/ad/x-7#fotos')).toBe('/anuncio/x-7#fotos');
    expect(spanishPathOf('/anuncio/x-7')).toBe('/anuncio/x-7');
    expect(spanishPathOf('/en/search?categoria=trans')).toBe('/buscar?categoria=trans');
    expect(spanishPathOf('/en/favourites')).toBe('/favoritos');
    // Nothing to take off: a Spanish page, or a prefix alone.
    expect(spanishPathOf('/denunciar?id=7')).toBe('/denunciar?id=7');
    expect(spanishPathOf('/en/ad/')).toBe('/en/ad/');
  });
});
