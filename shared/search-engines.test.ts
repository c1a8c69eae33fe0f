import { describe, expect, it } from 'vitest';
import { BARRIOS, CATEGORIES, ZONES } from './catalogue.ts';
import { parseSearchParams } from './search-filters.ts';
import {
  NOINDEX,
  absoluteUrl,
  allLandings,
  breadcrumbJsonLd,
  findLanding,
  landingIndexing,
  landingPath,
  searchIndexing,
} from './search-engines.ts';

const search = (query: string) => searchIndexing(parseSearchParams(new URLSearchParams(query)));

describe('landing pages', () => {
  it('are every category in every barrio and zone, each at its own address', () => {
    const landings = allLandings();
    expect(landings).toHaveLength(CATEGORIES.length * (BARRIOS.length + ZONES.length));
    expect(new Set(landings.map((l) => l.path)).size).toBe(landings.length);
    expect(landings.map((l) => l.path)).toContain('/masajes/palermo');
    expect(landings.map((l) => l.path)).toContain('/encuentros-casuales/zona-norte');
  });

  it('use the category route and the barrio slug, or zona- and the zone', () => {
    expect(landingPath('masajes', 'palermo')).toBe('/masajes/palermo');
    expect(landingPath('escorts', 'nunez')).toBe('/acompanantes/nunez');
    expect(landingPath('taxi-boys', 'sur')).toBe('/taxi-boys/zona-sur');
    expect(() => landingPath('masajes', 'narnia')).toThrow();
  });

  it('are found from their two segments, and nothing else is', () => {
    expect(findLanding('masajes', 'palermo')).toMatchObject({
      categoria: 'masajes',
      place: { zona: 'palermo', name: 'Palermo', zone: 'premium', kind: 'barrio' },
    });
    expect(findLanding('trans', 'zona-oeste')).toMatchObject({
      categoria: 'trans',
      place: { zona: 'oeste', name: 'zona Oeste', kind: 'zone' },
    });
    for (const [route, place] of [
      ['masajes', 'narnia'],
      ['escorts', 'palermo'], // the category value, not its route
      ['buscar', 'palermo'],
      ['masajes', 'oeste'], // a zone without its prefix
      ['masajes', 'zona-palermo'], // a barrio with it
      ['masajes', 'zona-'],
      ['masajes', 'Palermo'],
      ['masajes', ''],
      [undefined, 'palermo'],
    ] as const) {
      expect(findLanding(route, place), `${route}/${place}`).toBeNull();
    }
  });

  it('index their first page under their own address and not the later ones', () => {
    const landing = findLanding('masajes', 'palermo')!;
    expect(landingIndexing(landing, 1)).toEqual({ canonical: '/masajes/palermo', robots: null });
    expect(landingIndexing(landing, 2)).toEqual({ canonical: null, robots: NOINDEX });
  });
});

describe('the search', () => {
  it('with a category and a barrio or zone only is canonical to the landing page', () => {
    expect(search('categoria=masajes&zona=palermo')).toEqual({ canonical: '/masajes/palermo', robots: null });
    expect(search('zona=norte&categoria=trans')).toEqual({ canonical: '/trans/zona-norte', robots: null });
    // Defaults and unknown parameters change nothing (the page is rendered from the normalized address).
    expect(search('categoria=masajes&zona=palermo&orden=relevancia&pagina=1&utm_source=x')).toEqual({
      canonical: '/masajes/palermo',
      robots: null,
    });
  });

  it('with a category alone, a place alone or nothing is indexed under its own address', () => {
    expect(search('categoria=masajes')).toEqual({ canonical: '/buscar?categoria=masajes', robots: null });
    expect(search('zona=palermo')).toEqual({ canonical: '/buscar?zona=palermo', robots: null });
    // The hero box's text that names a place is that place ("Once" is in Balvanera).
    expect(search('barrio=Once')).toEqual({ canonical: '/buscar?zona=balvanera', robots: null });
    expect(search('')).toEqual({ canonical: '/buscar', robots: null });
  });

  it('with anything more, a text, an order or a later page is not indexed', () => {
    for (const query of [
      'categoria=masajes&zona=palermo&pagina=2',
      'categoria=masajes&pagina=3',
      'q=palermo',
      'barrio=tranquila',
      'categoria=masajes&zona=palermo&precio=10000-20000',
      'categoria=masajes&orden=recientes',
      'zona=palermo&disponibilidad=ahora',
      'categoria=masajes&idioma=ingles',
      'verificacion=fotos-reales',
      'categoria=masajes&zona=palermo&servicio=presencial',
    ]) {
      expect(search(query), query).toEqual({ canonical: null, robots: NOINDEX });
    }
  });
});

it('absolute addresses join the origin and the path once', () => {
  expect(absoluteUrl('https://velada.com.ar', '/masajes/palermo')).toBe('https://velada.com.ar/masajes/palermo');
  expect(absoluteUrl('https://velada.com.ar/', '/')).toBe('https://velada.com.ar/');
});

it('breadcrumbs are BreadcrumbList data that no name can break out of', () => {
  const json = breadcrumbJsonLd('https://velada.com.ar', [
    { name: 'Inicio', path: '/' },
    { name: 'Un título </script><script>alert(1)</script>', path: '/anuncio/un-titulo-7' },
  ]);
  expect(json).not.toContain('<');
  expect(JSON.parse(json)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://velada.com.ar/' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Un título </script><script>alert(1)</script>',
        item: 'https://velada.com.ar/anuncio/un-titulo-7',
      },
    ],
  });
});
