// Landing pages in the render cache: one entry per landing and page, whatever else the address carries; other pairs
// of segments are not shared pages.
import { describe, expect, it } from 'vitest';
import { cacheablePageOf } from './page-keys.ts';
import { hasNoJsAgeCookie } from '#shared/age-cookie.ts';
import { daysSinceEpochInBuenosAires } from '#shared/dates.ts';

const page = (path: string, query = '') => cacheablePageOf('GET', path, query, undefined);

describe('landing pages', () => {
  it('are kept under their path, with the page number only when past the first', () => {
    expect(page('/masajes/palermo')).toEqual({
      key: 'public /masajes/palermo',
      url: '/masajes/palermo',
      fills: true,
      variant: 'public',
      fragment: false,
    });
    expect(page('/masajes/palermo', 'utm_source=x&orden=recientes&pagina=1')?.url).toBe('/masajes/palermo');
    expect(page('/masajes/zona-norte', 'pagina=2&q=texto')?.key).toBe('public /masajes/zona-norte?pagina=2');
    expect(page('/masajes/palermo', 'pagina=abc')?.url).toBe('/masajes/palermo');
    // In the other languages, under their own slugs.
    expect(page('/pt/massagens/zona-sul', 'pagina=2&x=y')?.key).toBe('public /pt/massagens/zona-sul?pagina=2');
    expect(page('/en/massages/palermo')?.key).toBe('public /en/massages/palermo');
    expect(page('/en/masajes/palermo')).toBeNull();
    expect(page('/pt/massages/palermo')).toBeNull();
  });

  it('are not shared with signed-in visitors, and the no-JavaScript gate variant is its own', () => {
    expect(cacheablePageOf('GET', '/masajes/palermo', '', 'velada_edad_sinjs=1')?.key).toBe('age-confirmed /masajes/palermo');
    expect(cacheablePageOf('POST', '/masajes/palermo', '', undefined)).toBeNull();
  });

  it('leave other pairs of segments alone', () => {
    for (const path of [
      '/masajes/narnia',
      '/escorts/palermo',
      '/mi-cuenta/correos',
      '/admin/login',
      '/masajes/palermo/x',
      '/Masajes/palermo',
    ]) {
      expect(page(path), path).toBeNull();
    }
    expect(page('/anuncio/un-aviso-12')?.key).toBe('public /anuncio/un-aviso-12');
    // The same ad in the other languages, each its own entry; an address in no language is not a page.
    expect(page('/pt/anuncio/un-aviso-12')?.key).toBe('public /pt/anuncio/un-aviso-12');
    expect(page('/en/ad/un-aviso-12')?.key).toBe('public /en/ad/un-aviso-12');
    expect(page('/pt/ad/un-aviso-12')).toBeNull();
    expect(page('/en/anuncio/un-aviso-12')).toBeNull();
  });
});

describe('the variant', () => {
  it('is read from the gate cookie exactly as the layout reads it, whatever the encoding (finding 1 of the second round)', () => {
    const cases: [string, 'public' | 'age-confirmed'][] = [
      ['velada_edad_sinjs=1', 'age-confirmed'],
      [' velada_edad_sinjs = 1 ', 'age-confirmed'],
      ['a=b;velada_edad_sinjs=1;c=d', 'age-confirmed'],
      ['velada_edad_sinjs=%31', 'public'],
      ['velada_edad_sinjs="1"', 'public'],
      ['velada_edad_sinjs=1 1', 'public'],
      ['velada_edad_sinjs=0; velada_edad_sinjs=1', 'public'],
      ['velada_edad_sinjs=1; velada_edad_sinjs=0', 'age-confirmed'],
      ['velada_edad_sinjs%3D1', 'public'],
      ['xvelada_edad_sinjs=1', 'public'],
      ['velada_edad=1', 'public'],
    ];
    for (const [cookie, variant] of cases) {
      const page = cacheablePageOf('GET', '/buscar', 'categoria=masajes', cookie);
      expect(page?.variant, cookie).toBe(variant);
      expect(hasNoJsAgeCookie(cookie), cookie).toBe(variant === 'age-confirmed');
    }
  });
});

describe('the featured strip parts', () => {
  it('are kept per language, Spanish without the parameter, an unknown language as Spanish', () => {
    const today = daysSinceEpochInBuenosAires(new Date());
    const key = (query: string) => page('/destacados/mas', query)?.key;
    expect(key(`desde=10&dia=${today}`)).toBe(`public /destacados/mas?desde=10&dia=${today}`);
    expect(key(`idioma=pt&desde=10&dia=${today}`)).toBe(`public /destacados/mas?desde=10&dia=${today}&idioma=pt`);
    expect(key(`desde=10&dia=${today}&idioma=en`)).toBe(`public /destacados/mas?desde=10&dia=${today}&idioma=en`);
    expect(key(`desde=10&dia=${today}&idioma=es`)).toBe(key(`desde=10&dia=${today}`));
    expect(key(`desde=10&dia=${today}&idioma=fr`)).toBe(key(`desde=10&dia=${today}`));
  });
});
