// Favourites and search alerts in Portuguese and English (docs/decisions/038-favourites-and-alerts.md,
// 070-languages.md): an ad saved on a Portuguese ad page shows on /pt/favoritos in Portuguese and on /favoritos in
// Spanish (its category, price and address written in each page's language), the header and footer lead to the page
// in the visitor's language, and "Tell me about new ads" on /en/search says every outcome in English and makes an
// English alert. Headless Chromium has no push service: the real click is checked as the Spanish spec checks it
// (e2e/favourites.spec.ts), and the answers after a subscription come from a browser whose PushManager hands out a
// made-up subscription, with the API's answers stood in for (the API itself: api/routes/search-alerts/*.test.ts).
import type { Page, Request } from '@playwright/test';
import { CATALOGUES } from '#shared/i18n/translate.ts';
import { HTML_LANG } from '#shared/i18n/locales.ts';
import { TRANSLATED_PAGES } from '#shared/i18n/routes.ts';
import { formatMoney } from '#shared/format.ts';
import { asReturningVisitor, expect, expectNoSeriousA11yViolations, resultCards, test, waitForHydration } from './fixtures.ts';
import { pushDelivery } from './push-delivery.ts';
import { interfaceText, spanishLeftIn } from './language-helpers.ts';

const PATHS = TRANSLATED_PAGES['/favoritos']!;
const pt = { ...CATALOGUES.pt.favourites!, ...CATALOGUES.pt.favouritesLive! };
const en = { ...CATALOGUES.en.favourites!, ...CATALOGUES.en.favouritesLive!, ...CATALOGUES.en.searchAlerts! };

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('velada:favoritos') ?? '[]'));

test('an ad saved on a Portuguese ad page: /pt/favoritos in Portuguese, /favoritos in Spanish, removed', async ({ page, db }) => {
  await asReturningVisitor(page);
  await page.goto('/pt/busca?categoria=masajes');
  await waitForHydration(page);
  await resultCards(page).first().locator('.result__title a').click();
  await expect(page).toHaveURL(/\/pt\/anuncio\/[^/]+-\d+$/);
  await waitForHydration(page);
  const adUrl = new URL(page.url()).pathname;
  const id = Number(/-(\d+)$/.exec(adUrl)![1]);
  const title = (await page.locator('h1').textContent())!.trim();
  const ad = await db('ads').where('id', id).first();
  const heart = page.locator('.ad__title-row button[data-favourite]');
  await expect(heart).toHaveAccessibleName(CATALOGUES.pt.badges!.save!);
  await heart.click();
  await expect(heart).toHaveAccessibleName(CATALOGUES.pt.badges!.unsave!);
  // What it keeps: the texts of this page, and the values behind them.
  expect((await stored(page))[0]).toMatchObject({ id, url: adUrl, category: 'Massagens', categoryValue: 'masajes' });

  // The header's "Favoritos" leads to the page in Portuguese.
  await page.getByRole('banner').getByRole('link', { name: CATALOGUES.pt.header!.favourites!, exact: true }).click();
  await expect(page).toHaveURL(PATHS.pt!);
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG.pt);
  await expect(page).toHaveTitle(`${pt.title} | Velada`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pt.title!);
  const item = page.locator(`[data-favourite-item="${id}"]`);
  await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', adUrl);
  await expect(item.locator('.favourite-item__meta')).toHaveText(new RegExp(`^Massagens · .+ · Código ${id}$`));
  const price = ad.price_per_hour === null ? 'Preço a consultar' : `${formatMoney(Number(ad.price_per_hour), 'pt')} / hora`;
  await expect(item.locator('.favourite-item__price')).toContainText(price);
  await expect(page.getByText(pt.empty!)).toBeHidden();
  // Not for search engines, like the Spanish page: no canonical, no hreflang; the switcher names the three pages.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expect(page.locator('link[rel="canonical"], link[rel="alternate"][hreflang]')).toHaveCount(0);
  const switcherLinks = await page
    .locator('.language-switcher--footer a[hreflang]')
    .evaluateAll((links) => Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])));
  expect(switcherLinks).toEqual({ 'es-AR': '/favoritos', 'pt-BR': PATHS.pt, en: PATHS.en });
  expect(spanishLeftIn('pt', await interfaceText(page))).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // The same favourite on the Spanish page: in Spanish, leading to the Spanish ad page.
  const switcher = page.locator('.site-header details.language-switcher');
  await switcher.locator('summary').click();
  await switcher.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL('/favoritos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favoritos');
  const spanish = page.locator(`[data-favourite-item="${id}"]`);
  await expect(spanish.getByRole('link', { name: title })).toHaveAttribute('href', adUrl.replace('/pt/anuncio/', '/anuncio/'));
  await expect(spanish.locator('.favourite-item__meta')).toHaveText(new RegExp(`^Masajes · .+ · Código ${id}$`));
  await expect(spanish.getByRole('button', { name: `Quitar «${title}» de favoritos` })).toBeVisible();

  // Back in Portuguese, through the footer's link: removed there, the empty state leads to the Portuguese search.
  await page.goto('/pt/busca');
  await page.getByRole('contentinfo').getByRole('link', { name: CATALOGUES.pt.footer!.favourites! }).click();
  await expect(page).toHaveURL(PATHS.pt!);
  await item.getByRole('button', { name: `Remover “${title}” dos favoritos` }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText(pt.empty!)).toBeVisible();
  await expect(page.getByRole('link', { name: pt.searchAds! })).toHaveAttribute('href', '/pt/busca');
  expect(await stored(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('a favourite saved in Spanish before the values were kept shows in English on /en/favourites', async ({ page }) => {
  await asReturningVisitor(page);
  await page.addInitScript(() => {
    const old = {
      id: 999_999,
      code: '999999',
      title: 'Masajes guardados hace tiempo',
      category: 'Masajes',
      barrio: 'Palermo',
      priceText: 'desde $ 10.000 / hora',
      thumbnail: '',
      url: '/anuncio/masajes-guardados-hace-tiempo-999999',
      savedAt: '2026-11-01T12:00:00.000Z',
    };
    if (!localStorage.getItem('velada:favoritos')) localStorage.setItem('velada:favoritos', JSON.stringify([old]));
  });
  await page.goto(PATHS.en!);
  const item = page.locator('[data-favourite-item="999999"]');
  await expect(item.getByRole('link', { name: 'Masajes guardados hace tiempo' })).toHaveAttribute(
    'href',
    '/en/ad/masajes-guardados-hace-tiempo-999999',
  );
  await expect(item.locator('.favourite-item__meta')).toHaveText('Massages · Palermo · Code 999999');
  await expect(item.locator('.favourite-item__price')).toHaveText(`from ${formatMoney(10_000, 'en')} / hour`);
  // Not public (it never was): marked so, in English.
  await expect(item.getByText(en.gone!)).toBeVisible();
  await expect(item.getByText(CATALOGUES.en.badges!.noPhotos!)).toBeVisible();
});

/** A browser with a push service of sorts: PushManager hands out one made-up subscription. */
async function withMadeUpSubscription(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const json = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-languages-favourites',
      expirationTime: null,
      keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
    };
    const subscription = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => true };
    PushManager.prototype.getSubscription = async () => subscription as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => subscription as unknown as PushSubscription;
  });
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('"Tell me about new ads" on /en/search: the real click, said in English', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await asReturningVisitor(page);
    await page.goto('/en/search?categoria=masajes');
    await waitForHydration(page);
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.getByRole('button', { name: CATALOGUES.en.search!.alert! }).click();
    const status = page.locator('[data-search-alert-status]');
    await expect(status).not.toHaveText(/^$|Turning on/, { timeout: 15_000 });
    const pushWorks = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) !== null);
    await expect(status).toHaveText(pushWorks ? en.done! : en.pushFailed!);
    expect(spanishLeftIn('en', await interfaceText(page))).toEqual([]);
  });

  test('an alert made on /en/search is English, its answers and refusals said in English', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await asReturningVisitor(page);
    await withMadeUpSubscription(page);
    const sent: Request[] = [];
    let answer: { status: number; body: unknown } = {
      status: 201,
      body: { alert: { id: 41, filter: 'categoria=masajes', locale: 'en', url: '/en/search?categoria=masajes', createdAt: '' } },
    };
    await page.route('**/api/search-alerts', async (route) => {
      sent.push(route.request());
      await route.fulfill({ status: answer.status, json: answer.body });
    });
    await page.goto('/en/search?categoria=masajes');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: CATALOGUES.en.search!.alert! });
    const status = page.locator('[data-search-alert-status]');
    await button.click();
    await expect(status).toHaveText(en.done!);
    expect(sent[0]!.postDataJSON()).toMatchObject({ filter: 'categoria=masajes', locale: 'en' });

    // The API's refusals are Spanish; the English page says what their codes mean.
    const refusal = (status: number, code: string) => ({ status, body: { error: { code, message: 'Un mensaje en castellano.' } } });
    for (const [reply, text] of [
      [refusal(409, 'too_many_alerts'), 'You already have 10 searches with alerts on this device. Turn one off to add another.'],
      [refusal(429, 'too_many_requests'), en.tooManyRequests!],
      [refusal(400, 'invalid_subscription'), en.invalidSubscription!],
      [refusal(500, 'internal'), en.failed!],
    ] as const) {
      answer = reply;
      await button.click();
      await expect(status).toHaveText(text);
    }
    expect(sent.map((request) => request.postDataJSON().locale)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });

  test("/en/favourites on a phone: this device's alerts in English, turned off", async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await context.grantPermissions(['notifications']);
    await asReturningVisitor(page);
    await withMadeUpSubscription(page);
    let alerts = [{ id: 52, filter: 'categoria=masajes&q=relax', locale: 'pt', url: '/pt/busca?categoria=masajes&q=relax', createdAt: '' }];
    await page.route('**/api/search-alerts/lookup', (route) => route.fulfill({ json: { alerts } }));
    await page.route('**/api/search-alerts/52', async (route) => {
      expect(route.request().method()).toBe('DELETE');
      alerts = [];
      await route.fulfill({ status: 204 });
    });
    // The worker is registered on a first page; /en/favourites then finds the device's subscription through it.
    await page.goto('/en/');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.goto(PATHS.en!);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.title!);
    await expect(page.getByRole('heading', { level: 2, name: en.alertsTitle })).toBeVisible();
    // Made on a Portuguese page (it notifies in Portuguese), listed here in English, leading to the English search.
    const alert = page.getByRole('link', { name: 'Massages in CABA · “relax”' });
    await expect(alert).toHaveAttribute('href', '/en/search?categoria=masajes&q=relax');
    await expect(page.getByText(en.empty!)).toBeVisible();
    expect(spanishLeftIn('en', await interfaceText(page))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Turn off alert: Massages in CABA · “relax”' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByText(en.noAlerts!)).toBeVisible();
  });

  test('/pt/favoritos opens offline after one visit', async ({ page }) => {
    await asReturningVisitor(page);
    await page.goto('/pt/');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.goto(PATHS.pt!);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pt.title!);
    await expect(page.getByText(pt.empty!)).toBeVisible();
    await page.context().setOffline(false);
  });

  test('a push message for an English alert: its count and "Turn off alert" in English', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await asReturningVisitor(page);
    await page.goto('/en/');
    const deliver = await pushDelivery(context, page);
    const notification = CATALOGUES.en.alertNotifications!;
    const data = JSON.stringify({
      title: 'Velada',
      body: '3 new ads for your search',
      url: '/en/search?categoria=masajes',
      alertId: 8,
      stop: notification.stop,
    });
    const shown = async () => (await deliver(data)).map(({ body, actions }) => ({ body, actions }));
    await expect.poll(shown, { timeout: 15_000 }).toEqual([{ body: '3 new ads for your search', actions: [notification.stop] }]);
  });
});
