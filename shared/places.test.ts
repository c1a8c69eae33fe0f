import { describe, expect, it } from 'vitest';
import { BARRIOS, ZONES } from './catalogue.ts';
import { PLACES, findPlace, suggestPlaces } from './places.ts';
import { parseSearchParams } from './search-filters.ts';

describe('places', () => {
  it('are the 48 barrios, the five zones and everyday names, each with a filter the search knows', () => {
    expect(BARRIOS).toHaveLength(48);
    for (const barrio of BARRIOS) expect(findPlace(barrio.name)?.zona).toBe(barrio.slug);
    for (const zone of ZONES) expect(findPlace(`Zona ${zone.label}`)?.zona).toBe(zone.value);
    for (const place of PLACES) expect(parseSearchParams(new URLSearchParams({ zona: place.zona })).zona).toBe(place.zona);
    expect(new Set(PLACES.map((p) => p.name.toLowerCase())).size).toBe(PLACES.length);
  });

  it('map everyday names to their barrio', () => {
    expect(findPlace('Once')).toEqual({ name: 'Once', zona: 'balvanera', detail: 'Balvanera' });
    expect(findPlace('microcentro')?.zona).toBe('san-nicolas');
    expect(findPlace('Palermo Soho')?.zona).toBe('palermo');
    expect(findPlace('Palermo Hollywood')?.zona).toBe('palermo');
    expect(findPlace('Congreso')?.zona).toBe('balvanera');
    expect(findPlace('Abasto')?.zona).toBe('balvanera');
    expect(findPlace('Tribunales')?.zona).toBe('san-nicolas');
    expect(findPlace('Barrio Norte')?.zona).toBe('recoleta');
  });

  it('ignore case, accents, spaces and a leading "barrio"', () => {
    expect(findPlace('  NUÑEZ ')?.zona).toBe('nunez');
    expect(findPlace('barrio   nunez')?.zona).toBe('nunez');
    expect(findPlace('zona sur')?.zona).toBe('sur');
  });

  it('name no place for other words', () => {
    expect(findPlace('masajes en Once')).toBeUndefined();
    expect(findPlace('')).toBeUndefined();
    expect(findPlace('Pale')).toBeUndefined();
  });

  it('suggest names that start with the text first, then names with a word that does, at most 8', () => {
    expect(suggestPlaces('once').map((p) => p.name)).toEqual(['Once']);
    expect(suggestPlaces('pal').map((p) => p.name)).toEqual([
      'Palermo',
      'Palermo Chico',
      'Palermo Hollywood',
      'Palermo Soho',
      'Palermo Viejo',
    ]);
    expect(suggestPlaces('pat').map((p) => p.name)).toEqual(['Paternal', 'La Paternal', 'Parque Patricios']);
    expect(suggestPlaces('soho').map((p) => p.name)).toEqual(['Palermo Soho']);
    expect(suggestPlaces('villa')).toHaveLength(8);
    expect(suggestPlaces('  ')).toEqual([]);
  });
});

describe("the hero box's text", () => {
  it('that names a place becomes the place filter, with no words left to look for', () => {
    expect(parseSearchParams(new URLSearchParams('barrio=Once'))).toMatchObject({ zona: 'balvanera', text: '' });
    expect(parseSearchParams(new URLSearchParams('barrio=Palermo'))).toMatchObject({ zona: 'palermo', text: '' });
    expect(parseSearchParams(new URLSearchParams('barrio=Zona+Sur'))).toMatchObject({ zona: 'sur', text: '' });
  });

  it('that names no place stays words to look for', () => {
    expect(parseSearchParams(new URLSearchParams('barrio=masajes+relajantes'))).toMatchObject({
      zona: undefined,
      text: 'masajes relajantes',
    });
  });

  it("leaves the search form's words and a chosen zone alone", () => {
    expect(parseSearchParams(new URLSearchParams('q=Once'))).toMatchObject({ zona: undefined, text: 'Once' });
    expect(parseSearchParams(new URLSearchParams('barrio=Once&zona=sur'))).toMatchObject({ zona: 'sur', text: 'Once' });
  });
});
