// 'Verificar un anuncio' in Portuguese and English (/pt/verificar-anuncio, /en/check-an-ad; docs/decisions/039-phone-check.md,
// 070-languages.md): the forms and every answer in the page's language (an ad found by its code, no ad with that code,
// a number of a published ad, a number of none, text that is no number, too many checks), the links in the answers
// leading to the ad and the pages in that language, hreflang and canonical on the page that checked nothing and
// noindex once it did, the switcher keeping the check, one budget of phone checks for the three languages, no Spanish
// interface text left, axe clean, and a phone's width kept.
import type { Page, Response } from '@playwright/test';
import type { Knex } from 'knex';
import { CATALOGUES, translator } from '#shared/i18n/translate.ts';
import { HTML_LANG, type Locale } from '#shared/i18n/locales.ts';
import { TRANSLATED_PAGES } from '#shared/i18n/routes.ts';
import { adPath } from '#shared/ad-text.ts';
import { asReturningVisitor, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { interfaceText, linkHrefs, spanishLeftIn } from './language-helpers.ts';

const PATHS = { es: '/verificar-anuncio', ...TRANSLATED_PAGES['/verificar-anuncio']! } as Record<Locale, string>;
const texts = (locale: Locale) => CATALOGUES[locale].adCheck!;

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

async function expectInLanguage(page: Page, locale: Locale): Promise<void> {
  expect(spanishLeftIn(locale, await interfaceText(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
}

/** The newest published ad with a phone: its code, title and number. */
const publishedAd = async (db: Knex) =>
  (await db('ads').where('state', 'published').whereNotNull('phone').orderBy('id', 'desc').first('id', 'slug', 'title', 'phone')) as {
    id: number;
    slug: string;
    title: string;
    phone: string;
  };

for (const locale of ['pt', 'en'] as const) {
  const path = PATHS[locale];
  const t = translator(locale);

  test(`${path}: the page in ${locale}; a code finds its ad, linked in ${locale}; an unknown code warns`, async ({ page, db }) => {
    const ad = await publishedAd(db);
    const response = (await page.goto(path)) as Response;
    expect(response.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(locale).title!);
    await expect(page).toHaveTitle(`${texts(locale).title} | Velada`);
    await expect(page.getByRole('region', { name: texts(locale).phoneTitle! })).toBeVisible();
    // The page that checked nothing is indexable, in every language.
    expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual({
      'es-AR': PATHS.es,
      'pt-BR': PATHS.pt,
      en: PATHS.en,
      'x-default': PATHS.es,
    });
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(path);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: CATALOGUES[locale].footer!.checkAd! })).toHaveAttribute(
      'href',
      path,
    );
    await expectInLanguage(page, locale);

    // An ad's link as a visitor was sent it, in Spanish: the answer in the page's language, the ad linked in it.
    await page.getByLabel(texts(locale).codeLabel!).fill(`https://velada.example${adPath(ad)}`);
    await page.getByRole('button', { name: texts(locale).codeButton!, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === path && url.searchParams.has('codigo'));
    const answer = page.locator('main').getByRole('status');
    await expect(answer).toContainText(`${texts(locale).codeFound} ${t('adCheck.codeFoundText', { code: ad.id, title: ad.title })}`);
    // A checked page is for no search engine and no cache.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expectInLanguage(page, locale);
    await answer.getByRole('link', { name: texts(locale).seeAd! }).click();
    await expect(page).toHaveURL((url) => url.pathname === adPath(ad, locale));
    await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);

    // No published ad has that code; and words where a code goes find none either.
    for (const code of ['9999999', 'hola']) {
      const checked = (await page.goto(`${path}?codigo=${code}`)) as Response;
      expect(checked.status()).toBe(200);
      expect(checked.headers()['cache-control']).toBe('no-store');
      await expect(page.locator('main').getByRole('status')).toContainText(`${texts(locale).codeUnknown} ${texts(locale).codeUnknownText}`);
      // The report form exists in Spanish only.
      await expect(
        page
          .locator('main')
          .getByRole('status')
          .getByRole('link', { name: texts(locale).reportScam! }),
      ).toHaveAttribute('href', '/denunciar?motivo=estafa');
      await expect(page.getByLabel(texts(locale).codeLabel!)).toHaveValue(code);
    }
    await expectInLanguage(page, locale);
  });

  test(`${path}: a number of a published ad names it in ${locale}; an unknown number warns; text that is no number is explained`, async ({
    page,
    db,
  }) => {
    const ad = await publishedAd(db);
    const digits = ad.phone.replace(/\D/g, '');
    await page.goto(path);
    const phone = page.getByLabel(texts(locale).phoneLabel!);
    await expect(phone).toHaveAccessibleDescription(texts(locale).phoneHint!);
    await phone.fill(`https://wa.me/${digits}?text=Hello`);
    await page.getByRole('button', { name: texts(locale).phoneButton! }).click();
    await expect(page).toHaveURL((url) => url.pathname === path && url.hash === '#telefono');
    const answer = page.locator('main').getByRole('status');
    await expect(answer).toContainText(texts(locale).phoneFound!);
    await expect(answer).toContainText(texts(locale).phoneFoundAdvice!);
    const link = answer.getByRole('link', { name: t('adCheck.quotedTitle', { title: ad.title }) });
    await expect(link).toHaveAttribute('href', adPath(ad, locale));
    await expect(answer).toContainText(t('adCheck.adCode', { code: ad.id }));
    await expect(page.locator('main')).not.toContainText(digits.slice(-8));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectInLanguage(page, locale);

    await phone.fill('11 2000-0000');
    await page.getByRole('button', { name: texts(locale).phoneButton! }).click();
    await expect(answer).toContainText(`${texts(locale).phoneUnknown} ${texts(locale).phoneUnknownText}`);
    await expect(answer.getByRole('link', { name: texts(locale).reportScam! })).toHaveAttribute('href', '/denunciar?motivo=estafa');
    await expectInLanguage(page, locale);

    // Text that holds no number: said in the page's language, nothing else answered, the text kept to correct.
    await phone.fill('hola, soy yo');
    await page.getByRole('button', { name: texts(locale).phoneButton! }).click();
    await expect(answer).toHaveText(`${texts(locale).phoneInvalid} ${texts(locale).phoneInvalidText}`);
    await expect(page.locator('main').getByRole('status')).toHaveCount(1);
    await expect(phone).toHaveValue('hola, soy yo');
    await expectInLanguage(page, locale);

    // Advice on scams in the same language.
    await page.getByRole('link', { name: texts(locale).scamsLink! }).click();
    await expect(page).toHaveURL((url) => url.pathname === TRANSLATED_PAGES['/como-evitar-estafas']![locale]);
  });
}

test('one budget of phone checks for the three languages; past it each says when to try again, in its language', async ({ page }) => {
  // 20 checks per address in 15 minutes (api/http/budgets.ts), this test's address spread over the three pages.
  const locales = ['es', 'pt', 'en'] as const;
  for (let i = 0; i < 20; i++) {
    const response = await page.request.get(`${PATHS[locales[i % 3]!]}?telefono=11%202000-0000`);
    expect(response.status()).toBe(200);
  }
  for (const locale of locales) {
    const response = (await page.goto(`${PATHS[locale]}?telefono=11%202000-0000#telefono`)) as Response;
    expect(response.status(), locale).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    const answer = page.locator('main').getByRole('status');
    await expect(answer).toContainText(texts(locale).phoneLimited!);
    await expect(answer).toContainText(
      locale === 'es'
        ? /Probá de nuevo en \d+ minutos?\./
        : locale === 'pt'
          ? /Tente de novo em \d+ minutos?\./
          : /Try again in \d+ minutes?\./,
    );
    if (locale !== 'es') await expectInLanguage(page, locale);
  }
  // The code check is not limited, in any language.
  expect((await page.request.get(`${PATHS.en}?codigo=1`)).status()).toBe(200);
});

test('the switcher leads between the three pages, keeping a check; the advice on scams leads here; the sitemap lists them', async ({
  page,
  request,
}) => {
  const go = async (from: Locale, to: string) => {
    const switcher = page.locator('.site-header details.language-switcher');
    await switcher.locator('summary').click();
    await switcher.getByRole('navigation', { name: CATALOGUES[from].header!.languages! }).getByRole('link', { name: to }).click();
  };
  await page.goto(PATHS.es);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificar un anuncio');
  await go('es', 'English');
  await expect(page).toHaveURL((url) => url.pathname === PATHS.en);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('en').title!);

  // A check read in another language: the same answer there.
  await page.getByLabel(texts('en').codeLabel!).fill('9999999');
  await page.getByRole('button', { name: texts('en').codeButton!, exact: true }).click();
  await expect(page.locator('main').getByRole('status')).toContainText(texts('en').codeUnknown!);
  await go('en', 'Português');
  await expect(page).toHaveURL((url) => url.pathname === PATHS.pt && url.searchParams.get('codigo') === '9999999');
  await expect(page.locator('main').getByRole('status')).toContainText(texts('pt').codeUnknown!);
  await go('pt', 'Español');
  await expect(page).toHaveURL((url) => url.pathname === PATHS.es && url.searchParams.get('codigo') === '9999999');
  await expect(page.locator('main').getByRole('status')).toContainText('No encontramos un aviso publicado con ese código.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');

  // 'How to avoid scams' leads to the phone check in its own language.
  for (const locale of ['pt', 'en'] as const) {
    await page.goto(TRANSLATED_PAGES['/como-evitar-estafas']![locale]!);
    await page.locator('main').getByRole('link', { name: CATALOGUES[locale].avoidScams!.checkLink! }).click();
    await expect(page).toHaveURL((url) => url.pathname === PATHS[locale] && url.hash === '#telefono');
  }

  const sitemap = await (await request.get('/sitemaps/paginas.xml')).text();
  for (const translated of [PATHS.pt, PATHS.en]) expect(sitemap).toContain(`${translated}</loc>`);
  expect((await request.get('/en/verificar-anuncio')).status()).toBe(404);
});

test('on a phone each page and its answers fit the screen', async ({ page, db }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ad = await publishedAd(db);
  for (const locale of ['pt', 'en'] as const) {
    await page.goto(`${PATHS[locale]}?codigo=${ad.id}&telefono=${encodeURIComponent(`https://wa.me/${ad.phone.replace(/\D/g, '')}`)}`);
    await expect(page.locator('main').getByRole('status')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectInLanguage(page, locale);
    await page.screenshot({ path: test.info().outputPath(`verificar-${locale}-390.png`), fullPage: true });
  }
});
