// A visitor from Brazil (docs/decisions/070-languages.md): from /pt/ through the gate, a search, an ad and its heart,
// to the same ad in Spanish; the ad's frame in Portuguese and English around the advertiser's own words; an ad no
// longer published, or never there, answered in the address's language.
import { CATALOGUES } from '#shared/i18n/translate.ts';
import { asReturningVisitor, expect, expectNoSeriousA11yViolations, resultCards, test, waitForHydration } from './fixtures.ts';
import { insertEndedAd } from './ended-ads.ts';
import { interfaceText, linkHrefs, spanishLeftIn } from './language-helpers.ts';

const pt = CATALOGUES.pt;

test('from /pt/: the gate, a search, an ad saved, and the same ad in Spanish', async ({ page }) => {
  await page.goto('/pt/');
  await page.getByRole('dialog').getByRole('button', { name: pt.ageGate!.accept! }).click();
  await waitForHydration(page);
  const box = page.getByRole('combobox', { name: pt.home!.placeLabel! });
  await box.fill('Palermo');
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/pt/busca' && url.searchParams.get('barrio') === 'Palermo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anúncios em Palermo');

  const first = resultCards(page).first().locator('.result__title a');
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/pt\/anuncio\/[a-z0-9-]+-\d+$/);
  await waitForHydration(page);
  const slug = new URL(page.url()).pathname.replace('/pt/anuncio/', '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.locator('.ad__speaks')).toContainText(/^Fala: /);
  expect(await linkHrefs(page, 'link[rel="alternate"][hreflang]')).toEqual({
    'es-AR': `/anuncio/${slug}`,
    'pt-BR': `/pt/anuncio/${slug}`,
    en: `/en/ad/${slug}`,
    'x-default': `/anuncio/${slug}`,
  });
  expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe(`/pt/anuncio/${slug}`);

  const heart = page.locator('.ad__title-row').getByRole('button', { name: pt.badges!.save! });
  await heart.click();
  await expect(page.locator('.ad__title-row').getByRole('button', { name: pt.badges!.unsave! })).toHaveAttribute('aria-pressed', 'true');
  expect(spanishLeftIn('pt', await interfaceText(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  await page.locator('.site-header details.language-switcher summary').click();
  await page.getByRole('link', { name: 'Español' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/anuncio/${slug}$`));
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.ad__title-row').getByRole('button', { name: 'Quitar de favoritos' })).toHaveAttribute('aria-pressed', 'true');
});

test('the ad in English on a phone: its details, rates and phone box in English, the advertiser’s words as written', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asReturningVisitor(page);
  await page.goto('/en/search?categoria=masajes');
  await resultCards(page).first().locator('.result__title a').click();
  await expect(page).toHaveURL(/\/en\/ad\//);
  await waitForHydration(page);
  const en = CATALOGUES.en.adPage!;
  await expect(page.locator('.ad__details')).toContainText(en.availability!);
  await expect(page.locator('.crumbs')).toHaveAttribute('aria-label', en.crumbs!);
  await expect(page.locator('.crumbs').getByRole('link', { name: 'Massages' })).toHaveAttribute('href', '/en/search?categoria=masajes');
  const description = page.locator('.ad__description');
  await expect(description).not.toBeEmpty();
  await page.locator('.ad__contact').getByRole('button', { name: en.showPhone! }).click();
  await expect(page.locator('[data-phone-result]')).toContainText(en.phone!);
  await expect(page.locator('[data-phone-result]').getByRole('link', { name: en.openWhatsApp! })).toBeVisible();
  expect(spanishLeftIn('en', await interfaceText(page))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});

test('an ad no longer published, and one that never was, answer in the address’s language', async ({ page, db }) => {
  await asReturningVisitor(page);
  const paused = await insertEndedAd(db, 'paused');
  const response = await page.goto(`/pt/anuncio/x-${paused}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pt.adPage!.endedTitle!);
  await expect(page.locator('#similar-ads-title')).toHaveText('Mais anúncios de massagens na zona Premium');
  await expect(page.locator('.results__list .result__title a').first()).toHaveAttribute('href', /^\/pt\/anuncio\//);
  expect(spanishLeftIn('pt', await interfaceText(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  const removed = await insertEndedAd(db, 'removed');
  expect((await page.goto(`/en/ad/x-${removed}`))?.status()).toBe(410);
  await expect(page.getByText(CATALOGUES.en.adPage!.endedGone!)).toBeVisible();

  expect((await page.goto('/en/ad/nothing-999999999'))?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});
