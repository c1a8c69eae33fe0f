// The transparency report in Portuguese and English (docs/decisions/070-languages.md): the same figures as the Spanish
// report and its download, with every word, month, count and wait in the page's language; hreflang and canonical
// naming each language, the switcher leading to the same report, links to pages not translated yet in Spanish, no
// Spanish interface text left, axe clean, and a phone's width kept. Runs on the moderation group's server with
// e2e/transparency.spec.ts, writing the same first record (e2e/transparency-data.ts), and computes the service times
// itself after recording one ad review decided in the last 7 days.
import type { Response } from '@playwright/test';
import { CATALOGUES, translator } from '#shared/i18n/translate.ts';
import { HTML_LANG, type Locale } from '#shared/i18n/locales.ts';
import { TRANSLATED_PAGES } from '#shared/i18n/routes.ts';
import { formatCount, formatDuration, formatLongDate, formatMonth } from '#shared/format.ts';
import { formatClockTime } from '#shared/available-now.ts';
import { SERVICE_KINDS, serviceTimeText } from '#shared/contracts/public/service-times.ts';
import type { TransparencyReport } from '#shared/contracts/public/transparency.ts';
import { refreshServiceTimes, storedServiceTimes } from '#core/service-times/service-times.ts';
import { asReturningVisitor, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { interfaceText, linkHrefs, spanishLeftIn } from './language-helpers.ts';
import { FIRST_MONTH, recordFirstReview } from './transparency-data.ts';

const HOUR = 3_600_000;
const PATHS = TRANSLATED_PAGES['/transparencia']!;

test.beforeAll(async ({ db }) => {
  await recordFirstReview(db);
  // An ad review that waited 2 days and 4 hours, decided two hours before the current hour began: in the window of
  // the service times computed now.
  const decided = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
  await db('ad_reviews')
    .insert({ id: 990_002, ad_id: null, submitted_at: new Date(decided.getTime() - 52 * HOUR), decided_at: decided })
    .onConflict('id')
    .ignore();
  await refreshServiceTimes(db);
});

test.beforeEach(async ({ page }) => {
  await asReturningVisitor(page);
});

/** A month as Intl names it in a language, with its year: 'Agosto 2026', 'August 2026'. */
function monthName(month: string, lang: string): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  const name = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' }).format(date);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${month.slice(0, 4)}`;
}

for (const locale of ['pt', 'en'] as const) {
  const path = PATHS[locale]!;
  const texts = CATALOGUES[locale].transparency!;

  test(`${path}: the report's figures in ${locale}, its languages linked, no Spanish interface left`, async ({ page, db }) => {
    const t = translator(locale);
    const response = (await page.goto(path)) as Response;
    // Shared by every anonymous visitor, as the Spanish report is.
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=600');
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title!);
    await expect(page).toHaveTitle(`${texts.title} | Velada`);
    for (const name of [t('serviceTimes.title'), texts.ads!, texts.reports!, texts.verifications!, texts.methodTitle!])
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    // The months and figures of the download (one report serves both), written the page's way.
    const report = (await (await page.request.get('/transparencia.json')).json()) as TransparencyReport;
    const months = report.months.toReversed();
    expect(months.at(-1)!.month).toBe(FIRST_MONTH);
    const ads = page.getByRole('region', { name: t('transparency.perMonth', { title: texts.ads! }) });
    const header = ads.getByRole('columnheader');
    await expect(header).toHaveCount(months.length + 1);
    await expect(header.nth(1)).toContainText(formatMonth(months[0]!.month, locale));
    await expect(header.nth(1)).toContainText(texts.current!);
    await expect(ads.locator(`th[data-month="${FIRST_MONTH}"]`)).toHaveText(monthName(FIRST_MONTH, HTML_LANG[locale]));
    const median = ads.getByRole('row').filter({ hasText: texts.medianToDecision! });
    // The first month's one review waited two hours.
    await expect(median.locator(`td[data-month="${FIRST_MONTH}"]`)).toHaveText(formatDuration(2 * HOUR, locale));
    const reports = page.getByRole('region', { name: t('transparency.perMonth', { title: texts.reports! }) });
    const received = reports.getByRole('row').filter({ hasText: texts.reportsReceived! });
    for (const m of months) {
      const wait = m.medianAdDecisionMs === null ? '—' : formatDuration(m.medianAdDecisionMs, locale);
      await expect(median.locator(`td[data-month="${m.month}"]`)).toHaveText(wait);
      await expect(received.locator(`td[data-month="${m.month}"]`)).toHaveText(formatCount(m.reportsReceived, locale));
    }
    await expect(ads.getByRole('rowheader', { name: t('refusalCategories.posible_trata') })).toBeVisible();
    await expect(reports.getByRole('rowheader', { name: t('reportReasons.estafa'), exact: true })).toBeVisible();

    // The service times as stored, with when, in the page's words.
    const stored = (await storedServiceTimes(db))!;
    const times = page.getByRole('region', { name: t('serviceTimes.region', { days: 7 }) });
    for (const kind of SERVICE_KINDS) {
      const row = times.locator(`tr[data-kind="${kind}"]`);
      await expect(row.getByRole('rowheader')).toContainText(t(`serviceTimes.${kind}`));
      await expect(row.locator('[data-figure="median"]')).toHaveText(serviceTimeText(stored.times[kind].medianMs, locale));
      await expect(row.locator('[data-figure="p95"]')).toHaveText(serviceTimeText(stored.times[kind].p95Ms, locale));
    }
    const computed = new Date(stored.computedAt);
    await expect(page.locator('#tiempos .form-hint')).toHaveText(
      t('serviceTimes.updated', { time: formatClockTime(computed), date: formatLongDate(computed, locale), days: 7 }),
    );

    // Links: the same data for every language, the report form (not translated yet) in Spanish, the footer here.
    await expect(page.getByRole('link', { name: texts.download! })).toHaveAttribute('href', '/transparencia.json');
    await expect(page.getByRole('link', { name: texts.reportLink!, exact: true })).toHaveAttribute('href', '/denunciar');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: CATALOGUES[locale].footer!.transparency! })).toHaveAttribute('href', path);

    expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual({
      'es-AR': '/transparencia',
      'pt-BR': PATHS.pt,
      en: PATHS.en,
      'x-default': '/transparencia',
    });
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(path);
    expect(spanishLeftIn(locale, await interfaceText(page))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`transparencia-${locale}-1280.png`), fullPage: true });
  });
}

test('the switcher leads between the three reports; the sitemap lists them; a wrong path is not found', async ({ page, request }) => {
  const go = async (from: Locale, to: string) => {
    const switcher = page.locator('.site-header details.language-switcher');
    await switcher.locator('summary').click();
    await switcher.getByRole('navigation', { name: CATALOGUES[from].header!.languages! }).getByRole('link', { name: to }).click();
  };
  await page.goto('/transparencia');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informe de transparencia');
  await go('es', 'English');
  await expect(page).toHaveURL((url) => url.pathname === PATHS.en);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CATALOGUES.en.transparency!.title!);
  await go('en', 'Português');
  await expect(page).toHaveURL((url) => url.pathname === PATHS.pt);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CATALOGUES.pt.transparency!.title!);
  await go('pt', 'Español');
  await expect(page).toHaveURL((url) => url.pathname === '/transparencia');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');

  const sitemap = await (await request.get('/sitemaps/paginas.xml')).text();
  for (const translated of [PATHS.pt, PATHS.en]) expect(sitemap).toContain(`${translated}</loc>`);
  expect((await request.get('/en/transparencia')).status()).toBe(404);
});

test('on a phone each report fits the screen; only the tables scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const locale of ['pt', 'en'] as const) {
    await page.goto(PATHS[locale]!);
    const title = CATALOGUES[locale].transparency!.ads!;
    const region = page.getByRole('region', { name: translator(locale)('transparency.perMonth', { title }) });
    await expect(region).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(spanishLeftIn(locale, await interfaceText(page))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`transparencia-${locale}-390.png`), fullPage: true });
  }
});
