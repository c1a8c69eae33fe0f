import { describe, expect, it } from 'vitest';
import type { AdCardView, SearchResultsView } from '#shared/contracts/public/search.ts';
import { parseSearchParams } from '#shared/search-filters.ts';
import { pageItems, searchResultsHtml } from './search-results-html.ts';

const ad = (id: number, over: Partial<AdCardView> = {}): AdCardView => ({
  id,
  slug: `aviso-${id}`,
  title: `Aviso ${id}`,
  excerpt: 'Hola.',
  category: 'masajes',
  barrio: 'palermo',
  pricePerHour: null,
  hourlyRatesDiffer: false,
  hasRates: false,
  plan: 'gratuito',
  photosVerified: false,
  photosVerifiedAt: null,
  age: null,
  image: null,
  availableUntil: null,
  ...over,
});
const results = (over: Partial<SearchResultsView> = {}): SearchResultsView => ({
  total: 2,
  page: 1,
  pages: 1,
  ads: [ad(1), ad(2)],
  promo: null,
  rotationWindow: 1_700_000,
  ...over,
});
const filtersOf = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('search results', () => {
  it('count the ads, list their cards and need no pages when one holds them', () => {
    const html = searchResultsHtml(results(), filtersOf('')).text;
    expect(html).toContain('<div class="chips" data-applied-filters="0"></div>');
    expect(html).toContain('<p class="results__count" id="results-count" data-total="2">2 resultados</p>');
    expect(html.match(/<li class="result card">/g)).toHaveLength(2);
    expect(html).not.toContain('pagination');
  });

  it('offer each filter applied as a chip that removes it, the searched text kept as text', () => {
    const html = searchResultsHtml(results(), filtersOf('q=%3Cb%3E&categoria=masajes')).text;
    expect(html).toContain('data-applied-filters="2"');
    expect(html).toContain('<a class="chip" href="/buscar?q=%3Cb%3E" data-remove-filter aria-label="Quitar filtro: Masajes">Masajes<svg');
    expect(html).toContain('aria-label="Quitar filtro: “&lt;b&gt;”">“&lt;b&gt;”<svg');
  });

  it('say so when nothing matches, with a way back', () => {
    const html = searchResultsHtml(results({ total: 0, ads: [] }), filtersOf('q=zz')).text;
    expect(html).toContain('<h2>No encontramos avisos con estos filtros</h2>');
    expect(html).toContain('<a class="btn btn-primary" href="/buscar" data-clear-filters>Limpiar filtros</a>');
  });

  it('number the pages around the current one, keeping the search, or the landing page’s own address', () => {
    expect(pageItems(5, 25)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 25]);
    const html = searchResultsHtml(results({ total: 600, page: 5, pages: 25 }), filtersOf('categoria=trans')).text;
    expect(html).toContain('<span> · página 5 de 25</span>');
    expect(html).toContain(
      '<a class="btn btn-outline" href="/buscar?categoria=trans&amp;pagina=4&amp;turno=1700000" data-page-link rel="prev">Anterior</a>',
    );
    expect(html).toContain(
      '<a class="pagination__page is-current" href="/buscar?categoria=trans&amp;pagina=5&amp;turno=1700000" data-page-link aria-current="page" aria-label="Página 5">5</a>',
    );
    expect(html).toContain('<a class="pagination__page" href="/buscar?categoria=trans" data-page-link aria-label="Página 1">1</a>');
    const landing = searchResultsHtml(results({ page: 2, pages: 2 }), filtersOf('categoria=masajes'), {
      pagePath: '/masajes/palermo',
    }).text;
    expect(landing).toContain('<a class="btn btn-outline" href="/masajes/palermo" data-page-link rel="prev">Anterior</a>');
    expect(landing).toContain('<span class="btn btn-outline" aria-disabled="true">Siguiente</span>');
  });

  it('show the page’s VIP in its banner', () => {
    const promo = ad(9, { plan: 'vip', age: 30, image: { key: 'k9', width: 800, height: 1000, alt: '' } });
    const html = searchResultsHtml(results({ promo }), filtersOf(''), { photosUrl: '/fotos' }).text;
    expect(html).toContain(
      '<aside class="promo card" aria-label="Anuncio VIP destacado"><img src="/fotos/k9-400.webp" width="120" height="150"',
    );
    expect(html).toContain(
      '<p class="promo__title"><a href="/anuncio/aviso-9-9">Aviso 9</a></p><p class="promo__meta">Masajes · Palermo · 30 años</p>',
    );
  });
});

describe('in Portuguese and English', () => {
  const filters = (query: string) => parseSearchParams(new URLSearchParams(query));

  it('words chips, counts and pages in the page language, its links under its own search', () => {
    const text = searchResultsHtml(results({ total: 30, pages: 3 }), filters('categoria=masajes&edad=45%2B'), { locale: 'pt' }).text;
    expect(text).toContain('aria-label="Remover filtro: Massagens">');
    expect(text).toContain('>Mais de 45 anos<');
    expect(text).toContain('30 resultados<span> · página 1 de 3</span>');
    expect(text).toContain('href="/pt/busca?categoria=masajes&amp;edad=45%2B&amp;pagina=2');
    expect(text).toContain('href="/pt/anuncio/aviso-1-1"');
  });

  it('offers the page language as a filter to add, until it is applied; never in Spanish', () => {
    const pt = searchResultsHtml(results(), filters('categoria=trans'), { locale: 'pt' }).text;
    expect(pt).toContain('href="/pt/busca?categoria=trans&amp;idioma=portugues" data-add-filter data-speaks="portugues">');
    expect(pt).toContain('Fala português</a>');
    expect(searchResultsHtml(results(), filters(''), { locale: 'en' }).text).toContain('Speaks English</a>');
    expect(searchResultsHtml(results(), filters('idioma=portugues'), { locale: 'pt' }).text).not.toContain('data-add-filter');
    expect(searchResultsHtml(results(), filters('categoria=trans'), { locale: 'es' }).text).not.toContain('data-add-filter');
  });
});
