// The summaries of the terms and of the privacy policy in Portuguese and English (docs/decisions/070-languages.md):
// each says at its top that it is a summary and that the Spanish text applies and prevails, with a link to it; hreflang
// and the switcher pair each summary with its Spanish page; the footer, the age gate and the cookie banner of the
// Portuguese and English pages lead to them. No age gate (as on the Spanish legal pages), one h1 then h2s, no Spanish
// left, axe clean, and a phone's width.
import { CATALOGUES } from '#shared/i18n/translate.ts';
import { HTML_LANG, type Locale } from '#shared/i18n/locales.ts';
import { TRANSLATED_PAGES } from '#shared/i18n/routes.ts';
import { asReturningVisitor, expect, expectNoSeriousA11yViolations, test, waitForHydration } from './fixtures.ts';
import { interfaceText, linkHrefs, spanishLeftIn } from './language-helpers.ts';

const LEGAL = [
  { spanish: '/terminos-condiciones', part: 'termsSummary', heading: 'Términos y condiciones', footer: 'terms' },
  { spanish: '/politicas-privacidad', part: 'privacySummary', heading: 'Políticas de privacidad', footer: 'privacy' },
] as const;
const IN_SPANISH = { pt: '(em espanhol)', en: '(in Spanish)' } as const;

const summaryOf = (spanish: string, locale: Exclude<Locale, 'es'>) => TRANSLATED_PAGES[spanish]![locale]!;
const alternatesOf = (spanish: string) => ({
  'es-AR': spanish,
  'pt-BR': summaryOf(spanish, 'pt'),
  en: summaryOf(spanish, 'en'),
  'x-default': spanish,
});

for (const locale of ['pt', 'en'] as const) {
  for (const legal of LEGAL) {
    const path = summaryOf(legal.spanish, locale);
    const texts = CATALOGUES[locale][legal.part]!;

    test(`${path}: a summary in ${locale} that says first that the Spanish text prevails, and links to it`, async ({ page, request }) => {
      // A new visitor reads it without the age gate, as the Spanish page.
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('.age-gate')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[locale]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title!);
      const levels = await page
        .locator('main')
        .evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => h.tagName));
      expect(levels[0]).toBe('H1');
      expect(levels.slice(1).length).toBeGreaterThanOrEqual(5);
      expect(new Set(levels.slice(1))).toEqual(new Set(['H2']));

      // The note, above every section: a summary; the Spanish text applies and prevails; a link to it, said to be Spanish.
      const note = page.getByRole('note');
      await expect(note).toContainText(texts.noteTitle!);
      await expect(note).toContainText(texts.noteText!);
      expect(
        await note.evaluate((n) => !!(n.compareDocumentPosition(document.querySelector('main h2')!) & Node.DOCUMENT_POSITION_FOLLOWING)),
      ).toBe(true);
      const full = note.getByRole('link', { name: texts.fullLink! });
      expect(texts.fullLink).toContain(IN_SPANISH[locale]);
      await expect(full).toHaveAttribute('hreflang', 'es-AR');
      await expect(full).toHaveAttribute('href', legal.spanish);

      // Indexable, its languages linked, in the sitemap.
      expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual(alternatesOf(legal.spanish));
      expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(path);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      expect(await (await request.get('/sitemaps/paginas.xml')).text()).toContain(`${path}</loc>`);

      // The cookie banner (in the page's language) is there for a new visitor too.
      const reject = page.locator('[data-cookie-banner]').getByRole('button', { name: CATALOGUES[locale].cookies!.reject! });
      await expect(reject).toBeVisible();
      expect(spanishLeftIn(locale, await interfaceText(page))).toEqual([]);
      await expectNoSeriousA11yViolations(page);
      await reject.click();

      // The full text in Spanish names the summary as its page in this language; its switcher leads back.
      await full.click();
      await expect(page).toHaveURL((url) => url.pathname === legal.spanish);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.heading);
      expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual(alternatesOf(legal.spanish));
      const language = locale === 'pt' ? 'Português' : 'English';
      await page.getByRole('contentinfo').getByRole('link', { name: language }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title!);
    });
  }

  test(`the footer of the home in ${locale} leads to both summaries`, async ({ page }) => {
    await asReturningVisitor(page);
    const home = locale === 'pt' ? '/pt/' : '/en/';
    for (const legal of LEGAL) {
      await page.goto(home);
      await waitForHydration(page);
      const link = page.getByRole('contentinfo').getByRole('link', { name: CATALOGUES[locale].footer![legal.footer]!, exact: true });
      await expect(link).toHaveAttribute('href', summaryOf(legal.spanish, locale));
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === summaryOf(legal.spanish, locale));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(CATALOGUES[locale][legal.part]!.title!);
    }
  });
}

test('the age gate and the cookie banner of a Portuguese page lead to the summaries, the banner to their cookies', async ({ page }) => {
  await page.goto('/pt/');
  const gate = page.getByRole('dialog', { name: CATALOGUES.pt.ageGate!.title! });
  await expect(gate.getByRole('link', { name: CATALOGUES.pt.ageGate!.termsLink! })).toHaveAttribute('href', '/pt/termos-de-uso');
  await gate.getByRole('button', { name: CATALOGUES.pt.ageGate!.accept! }).click();
  const banner = page.locator('[data-cookie-banner]');
  const privacy = banner.getByRole('link', { name: CATALOGUES.pt.cookies!.privacyLink! });
  await expect(privacy).toHaveAttribute('href', '/pt/politica-de-privacidade#cookies');
  await privacy.click();
  await expect(page).toHaveURL((url) => url.pathname === '/pt/politica-de-privacidade' && url.hash === '#cookies');
  await expect(page.locator('#cookies')).toHaveText(CATALOGUES.pt.privacySummary!.visitorsTitle!);
  await expect(page.locator('#cookies')).toBeInViewport();
});

test('on a phone each summary fits the screen and shows its note on the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asReturningVisitor(page);
  for (const locale of ['pt', 'en'] as const) {
    for (const legal of LEGAL) {
      const path = summaryOf(legal.spanish, locale);
      await page.goto(path);
      await expect(page.getByRole('note').getByRole('link'), path).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  }
  await expectNoSeriousA11yViolations(page);
});
