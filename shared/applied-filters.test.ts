import { describe, expect, it } from 'vitest';
import { appliedFilters } from './applied-filters.ts';
import { parseSearchParams } from './search-filters.ts';

const chipsOf = (query: string) => appliedFilters(parseSearchParams(new URLSearchParams(query)));

describe('appliedFilters', () => {
  it('has no chip for a plain search, nor for the sort order or the page', () => {
    expect(chipsOf('')).toEqual([]);
    expect(chipsOf('orden=recientes&pagina=3')).toEqual([]);
  });

  it('names each value and removes only that one, back to the first page, keeping the sort', () => {
    const chips = chipsOf('q=centro&categoria=masajes&zona=palermo&idioma=ingles&idioma=espanol&orden=recientes&pagina=2');
    expect(chips.map((c) => c.label)).toEqual(['“centro”', 'Masajes', 'Palermo', 'Español', 'Inglés']);
    const without = Object.fromEntries(chips.map((c) => [c.label, c.without]));
    expect(without['Palermo']).toBe('q=centro&categoria=masajes&orden=recientes&idioma=espanol&idioma=ingles');
    expect(without['Inglés']).toBe('q=centro&categoria=masajes&zona=palermo&orden=recientes&idioma=espanol');
    expect(without['“centro”']).toBe('categoria=masajes&zona=palermo&orden=recientes&idioma=espanol&idioma=ingles');
  });

  it('labels zones, availability, price and age ranges as the form does', () => {
    expect(chipsOf('zona=norte&disponibilidad=ahora&precio=20000%2B&edad=26-35').map((c) => c.label)).toEqual([
      'Zona Norte',
      'Disponible ahora',
      'Más de $20.000',
      '26 a 35 años',
    ]);
  });

  it('ignores values the search does not know', () => {
    expect(chipsOf('zona=atlantida&idioma=klingon&categoria=otra')).toEqual([]);
  });
});
