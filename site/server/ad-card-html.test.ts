import { describe, expect, it } from 'vitest';
import type { AdCardView } from '#shared/contracts/public/search.ts';
import { formatMoney } from '#shared/format.ts';
import { adBadgesHtml, favouriteButtonHtml, resultCardHtml, resultCardsHtml } from './ad-card-html.ts';

const price = formatMoney(20000);
const card = (over: Partial<AdCardView> = {}): AdCardView => ({
  id: 7,
  slug: 'sofia-masajes-en-palermo',
  title: 'Sofía, masajes en Palermo',
  excerpt: 'Hola, soy Sofía.',
  category: 'masajes',
  barrio: 'palermo',
  pricePerHour: 20000,
  hourlyRatesDiffer: false,
  hasRates: true,
  plan: 'gratuito',
  photosVerified: false,
  photosVerifiedAt: null,
  age: 30,
  image: null,
  availableUntil: null,
  ...over,
});

describe('an ad card', () => {
  it('links the ad and says what the visitor scans for', () => {
    const html = resultCardHtml(card(), false).text;
    expect(html).toContain('<a href="/anuncio/sofia-masajes-en-palermo-7">Sofía, masajes en Palermo</a>');
    expect(html).toContain('<p class="result__meta">Masajes · Palermo · 30 años</p>');
    expect(html).toContain(`<p class="result__price"> ${price} <span>/ hora</span></p>`);
    expect(html).toContain('<span class="result__no-image">Sin fotos</span>');
    expect(html).toContain('<li class="result card">');
  });

  it('marks a paid plan, "desde" when rates differ, and the table when there is no 1-hour rate', () => {
    expect(resultCardHtml(card({ plan: 'premium' }), false).text).toContain('<li class="result card result--featured">');
    expect(resultCardHtml(card({ hourlyRatesDiffer: true }), false).text).toContain(`<span>desde</span> ${price}`);
    expect(resultCardHtml(card({ pricePerHour: null }), false).text).toContain('<span>Ver tarifas en el aviso</span>');
    expect(resultCardHtml(card({ pricePerHour: null, hasRates: false }), false).text).toContain('<span>Precio a consultar</span>');
    expect(resultCardHtml(card({ age: null }), false).text).toContain('<p class="result__meta">Masajes · Palermo</p>');
  });

  it('speaks the page language around the advertiser text, in pesos', () => {
    const ad = card({ hourlyRatesDiffer: true, plan: 'vip', photosVerified: true, photosVerifiedAt: '2026-11-20T15:00:00Z' });
    const now = new Date('2026-11-23T15:00:00Z');
    const pt = resultCardHtml(ad, false, undefined, 'pt').text;
    expect(pt).toContain('<p class="result__meta">Massagens · Palermo · 30 anos</p>');
    expect(pt).toContain(`<span>a partir de</span> ${formatMoney(20000, 'pt')} <span>/ hora</span>`);
    expect(pt).toContain('aria-label="Salvar nos favoritos"');
    expect(pt).toContain('Hola, soy Sofía.');
    const en = adBadgesHtml(ad, now, 'en').text;
    expect(en).toContain('aria-label="Badges"');
    expect(en).toContain('>Real photos · checked 3 days ago<');
    expect(en).toContain('on Nov 20, 2026.');
    expect(en).toContain('>✓ Verified identity<');
    expect(formatMoney(20000, 'en')).toMatch(/^ARS\s20,000$/);
  });

  it('sizes its photo, and loads only the first ones at once', () => {
    const ads = [1, 2, 3].map((id) => card({ id, image: { key: `k${id}`, width: 800, height: 1000, alt: '' } }));
    const html = resultCardsHtml(ads, '/fotos', 2).text;
    expect(html.match(/loading="eager"/g)).toHaveLength(2);
    expect(html.match(/loading="lazy"/g)).toHaveLength(1);
    expect(html).toContain('width="400" height="500"');
    expect(html).toContain('src="/fotos/k1-400.webp"');
  });

  it('keeps the advertiser text as text', () => {
    const html = resultCardHtml(card({ title: '<img src=x onerror=alert(1)>', excerpt: '"><script>x</script>' }), false).text;
    expect(html).not.toMatch(/<img src=x|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('data-title="&lt;img src=x onerror=alert(1)&gt;"');
  });
});

describe('the badges', () => {
  it('show "Disponible ahora" with its end, the plan, the identity and the photos', () => {
    const until = '2026-11-27T23:00:00.000Z';
    const html = adBadgesHtml({ plan: 'vip', photosVerified: true, availableUntil: until }).text;
    expect(html).toMatch(
      /^<ul class="badges" aria-label="Distintivos"><li class="badge badge-available" data-available-until="2026-11-27T23:00:00.000Z">Disponible ahora/,
    );
    expect(html).toContain(
      '<li class="badge badge-vip">VIP</li><li class="badge badge-verified">✓ Identidad verificada</li><li class="badge">Fotos reales</li></ul>',
    );
  });

  it('say how many Buenos Aires days ago the photos were verified, with the date for the browser to count again', () => {
    const badges = (now: string) =>
      adBadgesHtml({ plan: 'premium', photosVerified: true, photosVerifiedAt: '2026-11-20T15:00:00.000Z' }, new Date(now)).text;
    expect(badges('2026-11-20T20:00:00Z')).toContain('<li class="badge badge-premium">Premium</li>');
    expect(badges('2026-11-20T20:00:00Z')).toMatch(/data-verified-at="2026-11-20T15:00:00.000Z"[^>]*>Fotos reales · verificadas hoy</);
    // 01:00 on the 21st in Buenos Aires: the next day there.
    expect(badges('2026-11-21T04:00:00Z')).toContain('>Fotos reales · verificadas hace 1 día<');
    expect(badges('2026-12-02T12:00:00Z')).toContain('>Fotos reales · verificadas hace 12 días<');
  });

  it('show the age on the cards too', () => {
    const html = resultCardHtml(card({ photosVerified: true, photosVerifiedAt: '2026-11-20T15:00:00.000Z' }), false).text;
    expect(html).toMatch(/data-verified-at="2026-11-20T15:00:00.000Z"[^>]*>Fotos reales · verificadas (hoy|hace \d+ días?)</);
  });
});

describe('the favourite heart', () => {
  it('starts off and hidden, carrying what the favourites page lists', () => {
    const html = favouriteButtonHtml(card({ hourlyRatesDiffer: true }), 'page', true).text;
    expect(html).toContain('class="favourite favourite--page" aria-pressed="false" aria-label="Guardar en favoritos" data-pending');
    expect(html).toContain(
      'data-favourite="7" data-code="7" data-title="Sofía, masajes en Palermo" data-category="Masajes" data-category-value="masajes" data-barrio="Palermo"',
    );
    expect(html).toContain(
      `data-price="desde ${price} / hora" data-price-per-hour="20000" data-price-from="true" data-thumbnail="" data-url="/anuncio/sofia-masajes-en-palermo-7"`,
    );
  });
});
