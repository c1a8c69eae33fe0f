// Pages in Portuguese and English (docs/decisions/070-languages.md), as a visitor meets them: the age gate and the
// whole frame in the page's language, hreflang and canonical links naming each language, the switcher leading to the
// same page in another language, and no Spanish interface text left (the Spanish catalogue's own texts, except the
// legal names the other languages keep and explain). axe stays clean.
import { CATALOGUES } from '#shared/i18n/translate.ts';
import { HTML_LANG } from '#shared/i18n/locales.ts';
import { TRANSLATED_PAGES } from '#shared/i18n/routes.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { asReturningVisitor, expect, expectNoSeriousA11yViolations, test, waitForHydration } from './fixtures.ts';
import { interfaceText, linkHrefs, spanishLeftIn } from './language-helpers.ts';

for (const [locale, heading] of [
  ['pt', 'Como evitar golpes'],
  ['en', 'How to avoid scams'],
] as const) {
  const path = TRANSLATED_PAGES['/como-evitar-estafas']![locale]!;

  test(`${path}: the gate, the frame and the page in ${locale}, its languages linked, no Spanish interface left`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);
    const gate = page.getByRole('dialog');
    await expect(gate).toContainText(CATALOGUES[locale].ageGate!.title!);
    await expectNoSeriousA11yViolations(page);
    await gate.getByRole('button', { name: CATALOGUES[locale].ageGate!.accept! }).click();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);

    expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual({
      'es-AR': '/como-evitar-estafas',
      'pt-BR': TRANSLATED_PAGES['/como-evitar-estafas']!.pt,
      en: TRANSLATED_PAGES['/como-evitar-estafas']!.en,
      'x-default': '/como-evitar-estafas',
    });
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(path);
    expect(spanishLeftIn(locale, await interfaceText(page))).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    // The switcher: the same page in Spanish, which links back.
    const switcher = page.locator('.site-header details.language-switcher');
    await switcher.locator('summary').click();
    await switcher.getByRole('navigation', { name: CATALOGUES[locale].header!.languages! }).getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/como-evitar-estafas$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cómo evitar estafas');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Português' })).toHaveAttribute(
      'href',
      TRANSLATED_PAGES['/como-evitar-estafas']!.pt!,
    );
  });
}

test('the home in Portuguese: its languages, the VIP strip and the barrio box in Portuguese, no Spanish left', async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto('/pt/');
  await waitForHydration(page);
  const pt = CATALOGUES.pt.home!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pt.heading!);
  expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual({ 'es-AR': '/', 'pt-BR': '/pt/', en: '/en/', 'x-default': '/' });
  expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe('/pt/');
  await expect(page.getByRole('navigation', { name: pt.categoriesNav! }).getByRole('link', { name: 'Massagens' })).toBeVisible();

  // The strip (a server island) and its next part speak Portuguese around the advertisers' own words.
  const strip = page.locator('[data-featured-list]');
  await expect(strip.locator('.result__meta').first()).toContainText(/ anos$/);
  const before = await strip.locator('> li').count();
  await page.getByRole('link', { name: pt.featuredMore! }).click();
  await expect.poll(() => strip.locator('> li').count()).toBeGreaterThan(before);
  await expect(strip.locator('> li').last().locator('.badge-verified')).toHaveText(CATALOGUES.pt.badges!.identity!);

  // The barrio box words its suggestions in Portuguese; the names of places stay as porteños write them.
  const box = page.getByRole('combobox', { name: pt.placeLabel! });
  await box.fill('zona s');
  await expect(page.getByRole('option', { name: /Zona Sur/ })).toContainText('12 bairros');
  await expect(page.locator('[data-places-status]')).toHaveText('1 sugestão.');
  await box.fill('');

  expect(spanishLeftIn('pt', await interfaceText(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('on a phone the Portuguese frame fits the screen, the switcher included', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asReturningVisitor(page);
  await page.goto(TRANSLATED_PAGES['/como-evitar-estafas']!.pt!);
  await expect(page.locator('.site-header summary')).toBeInViewport();
  await expect(page.locator('.quick-exit')).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a visitor under 18 is told so in the page’s language, with JavaScript and without', async ({ page, browser }) => {
  const pt = TRANSLATED_PAGES['/como-evitar-estafas']!.pt!;
  await page.goto(pt);
  await page.getByRole('button', { name: CATALOGUES.pt.ageGate!.refuse! }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(CATALOGUES.pt.ageGate!.rejected!);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(new URL(pt, test.info().project.use.baseURL).href);
  await plain.getByRole('button', { name: CATALOGUES.pt.ageGate!.refuse! }).click();
  await expect(plain).toHaveURL(new RegExp(`${TRANSLATED_PAGES['/menor-de-edad']!.pt!}$`));
  await expect(plain.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(plain.getByRole('alert')).toHaveText(CATALOGUES.pt.ageGate!.rejected!);
  expect(spanishLeftIn('pt', await interfaceText(plain))).toEqual([]);
  await noScript.close();
});

for (const [prefix, locale, heading] of [
  ['/pt', 'pt', 'Página não encontrada'],
  ['/en', 'en', 'Page not found'],
  ['', 'es', 'Página no encontrada'],
] as const) {
  test(`an unknown address${prefix ? ` under ${prefix}/` : ''} answers 404 in ${locale}`, async ({ page }) => {
    const response = await page.goto(`${prefix}/no-existe-${locale}`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(spanishLeftIn(locale, await interfaceText(page))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
}

test('a browser that prefers Portuguese is offered the page in Portuguese, never sent there', async ({ browser, page }) => {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ locale: 'pt-BR', baseURL });
  const visitor = await context.newPage();
  await asReturningVisitor(visitor);
  await visitor.goto('/como-evitar-estafas');
  // Shown from the first paint: the page below it never moves (no layout shift).
  const offer = visitor.locator('.language-suggestion:visible');
  await expect(offer).toHaveAttribute('lang', 'pt-BR');
  await expect(offer).toContainText(CATALOGUES.pt.languageSuggestion!.text!);
  await expect(offer.getByRole('link')).toHaveAttribute('href', TRANSLATED_PAGES['/como-evitar-estafas']!.pt!);
  expect(await visitor.evaluate(() => performance.getEntriesByType('layout-shift').length)).toBe(0);
  expect(new URL(visitor.url()).pathname).toBe('/como-evitar-estafas');
  await expectNoSeriousA11yViolations(visitor);
  await offer.getByRole('button', { name: CATALOGUES.pt.languageSuggestion!.close! }).click();
  await expect(visitor.locator('.language-suggestion:visible')).toHaveCount(0);
  await visitor.reload();
  await waitForHydration(visitor);
  await expect(visitor.locator('.language-suggestion:visible')).toHaveCount(0);
  // On the Portuguese page itself, nothing to suggest.
  await visitor.goto(TRANSLATED_PAGES['/como-evitar-estafas']!.pt!);
  await waitForHydration(visitor);
  await expect(visitor.locator('.language-suggestion:visible')).toHaveCount(0);
  await context.close();

  // A browser that prefers Spanish (the tests' own) is offered nothing; one that prefers English and then Portuguese,
  // on a Spanish page that exists in both, is offered English.
  await asReturningVisitor(page);
  await page.goto('/como-evitar-estafas');
  await waitForHydration(page);
  await expect(page.locator('.language-suggestion:visible')).toHaveCount(0);
  const english = await browser.newContext({ locale: 'en-US', baseURL });
  const tourist = await english.newPage();
  await asReturningVisitor(tourist);
  await tourist.goto('/buscar');
  await expect(tourist.locator('.language-suggestion:visible')).toHaveAttribute('lang', 'en');
  await english.close();
});

test('a page in one language only has no switcher and no hreflang', async ({ page }) => {
  await page.goto('/aumentar-visibilidad');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  await expect(page.locator('.language-switcher')).toHaveCount(0);
});

test('the sitemap lists the translated pages that may be indexed, robots.txt keeps the others out', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const all = (await Promise.all(parts.map(async (part) => (await request.get(part)).text()))).join('\n');
  for (const path of Object.values(TRANSLATED_PAGES['/como-evitar-estafas']!)) expect(all).toContain(`${path}</loc>`);
  // Not the pages search engines are kept out of, in any language.
  for (const path of Object.values(TRANSLATED_PAGES['/menor-de-edad']!)) expect(all).not.toContain(`${path}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Disallow: ${TRANSLATED_PAGES['/menor-de-edad']!.pt}`);
});

test('no page in Portuguese or English shows a Spanish interface text', async ({ page, request }) => {
  test.slow();
  await asReturningVisitor(page);
  const search = await (await request.get('/pt/busca?categoria=masajes')).text();
  const ad = /href="\/pt\/anuncio\/([a-z0-9-]+)"/.exec(search)![1]!;
  // Every translated page, an ad, a search with filters and landing pages of a barrio and a zone, in both languages.
  const pages = [
    ...Object.values(TRANSLATED_PAGES).flatMap((paths) => Object.values(paths)),
    `/pt/anuncio/${ad}`,
    `/en/ad/${ad}`,
    '/pt/busca?categoria=trans&idioma=ingles&precio=5000-10000&orden=recientes',
    '/en/search?zona=sur&disponibilidad=hoy&edad=26-35',
    '/pt/massagens/palermo',
    '/en/male-escorts/west-zone',
  ];
  for (const path of pages) {
    const locale = LOCALES.find((l) => path.startsWith(`/${l}/`))!;
    await page.goto(path);
    await waitForHydration(page);
    expect(spanishLeftIn(locale, await interfaceText(page)), path).toEqual([]);
  }
});
