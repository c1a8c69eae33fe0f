// Favourites and search alerts on a phone (390 px): a heart saved survives a reload and shows in /favoritos, where
// it can be removed; an ad that ended shows "Ya no disponible"; /favoritos opens offline once the service worker has
// it; "Avisame de nuevos avisos" asks for permission on the click and says what happened. Only reads the demo data
// (the ended ad it makes is never public).
import type { Page } from '@playwright/test';
import { adRow } from '#tooling/factories/index.ts';
import {
  test,
  expect,
  asReturningVisitor,
  expectNoSeriousA11yViolations,
  insertVerifiedAdvertiser,
  openSearch,
  resultCards,
  waitForHydration,
} from './fixtures.ts';
import { pushDelivery } from './push-delivery.ts';

test.use({ viewport: { width: 390, height: 844 } });

const heartOf = (page: Page, scope = page.locator('body')) =>
  scope.getByRole('button', { name: /(Guardar en|Quitar de) favoritos/ }).first();

test('a favourite saved on a card survives a reload, shows in /favoritos and can be removed', async ({ page }) => {
  await openSearch(page);
  const card = resultCards(page).first();
  const title = (await card.locator('.result__title a').textContent())!.trim();
  const heart = heartOf(page, card);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAccessibleName('Guardar en favoritos');
  const box = (await heart.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName('Quitar de favoritos');

  await page.reload();
  await waitForHydration(page);
  await expect(heartOf(page, resultCards(page).first())).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('link', { name: 'Favoritos y avisos de búsquedas' }).click();
  await expect(page).toHaveURL('/favoritos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favoritos');
  const item = page.locator('[data-favourite-item]');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: title })).toBeVisible();
  await expect(item).not.toContainText('Ya no disponible');
  await expect(page.getByText('Todavía no guardaste avisos.')).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  await item.getByRole('button', { name: `Quitar «${title}» de favoritos` }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByText('Todavía no guardaste avisos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buscar avisos' })).toHaveAttribute('href', '/buscar');
  await expectNoSeriousA11yViolations(page);
});

test('the heart of an ad page saves it; axe finds nothing serious there', async ({ page }) => {
  await openSearch(page);
  await resultCards(page).first().locator('.result__title a').click();
  await waitForHydration(page);
  const heart = page.locator('.ad__title-row button[data-favourite]');
  await expect(heart).toHaveAccessibleName('Guardar en favoritos');
  await heart.click();
  await expect(heart).toHaveAccessibleName('Quitar de favoritos');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('velada:favoritos') ?? '[]'));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ url: new URL(page.url()).pathname, title: (await page.locator('h1').textContent())!.trim() });
  expect(Object.keys(stored[0]).sort()).toEqual(
    [
      'barrio',
      'category',
      'categoryValue',
      'code',
      'id',
      'priceFrom',
      'pricePerHour',
      'priceText',
      'savedAt',
      'thumbnail',
      'title',
      'url',
    ].sort(),
  );
  await expectNoSeriousA11yViolations(page);
});

test('an ad that is no longer public stays in /favoritos marked "Ya no disponible"', async ({ page, db }) => {
  const advertiser = await insertVerifiedAdvertiser(db, { fullName: 'Favorita Terminada' });
  const [row] = await db('ads')
    .insert(
      adRow(advertiser.id, { title: 'Masajes que ya terminaron', state: 'expired', publishedAt: new Date(Date.now() - 40 * 86_400_000) }),
    )
    .returning('id');
  const id = Number(typeof row === 'object' ? row.id : row);
  await asReturningVisitor(page);
  await page.addInitScript((adId) => {
    const favourite = {
      id: adId,
      code: String(adId),
      title: 'Masajes que ya terminaron',
      category: 'Masajes',
      barrio: 'Palermo',
      priceText: '$ 10.000 / hora',
      thumbnail: '',
      url: `/anuncio/masajes-que-ya-terminaron-${adId}`,
      savedAt: new Date().toISOString(),
    };
    if (!localStorage.getItem('velada:favoritos')) localStorage.setItem('velada:favoritos', JSON.stringify([favourite]));
  }, id);
  await page.goto('/favoritos');
  const item = page.locator(`[data-favourite-item="${id}"]`);
  await expect(item.getByText('Ya no disponible')).toBeVisible();
  await expect(item.getByRole('link', { name: 'Masajes que ya terminaron' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('/favoritos opens offline after one visit, with the list from this browser', async ({ page }) => {
    await openSearch(page);
    const card = resultCards(page).first();
    const title = (await card.locator('.result__title a').textContent())!.trim();
    await heartOf(page, card).click();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The worker is active: this visit goes through it, which keeps the page.
    await page.goto('/favoritos');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.locator('[data-favourite-item]')).toHaveCount(1);

    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favoritos');
    await expect(page.locator('[data-favourite-item]').getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByText('Sin conexión: mostramos lo guardado en este dispositivo.')).toBeVisible();
    await page.context().setOffline(false);
  });

  test('"Avisame de nuevos avisos" asks for notifications on the click and says what happened', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await openSearch(page, 'categoria=masajes');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    const button = page.getByRole('button', { name: 'Avisame de nuevos avisos' });
    await expect(button).toBeVisible();
    await button.click();
    const status = page.locator('[data-search-alert-status]');
    await expect(status).not.toHaveText(/^$|Activando/, { timeout: 15_000 });
    // Headless Chromium has no push service: subscribing fails there, and the page says so in words. Delivery is
    // covered by the integration tests (api/routes/search-alerts/alerts.test.ts) against a fake push service.
    const pushWorks = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.pushManager.getSubscription()) !== null;
    });
    if (pushWorks) {
      await expect(status).toContainText('Listo: te avisamos cuando haya avisos nuevos en esta búsqueda');
      await page.goto('/favoritos');
      await expect(page.getByRole('button', { name: /^Dejar de avisar: Masajes en CABA/ })).toBeVisible();
    } else {
      await expect(status).toHaveText(
        'El navegador no pudo activar los avisos (su servicio de notificaciones no respondió). Probá de nuevo más tarde.',
      );
    }
  });

  test('a push message shows a discreet notification: "Velada", the count, and "Dejar de avisar"', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await openSearch(page);
    const deliver = await pushDelivery(context, page);
    const data = JSON.stringify({ title: 'Velada', body: '3 avisos nuevos en tu búsqueda', url: '/buscar?categoria=masajes', alertId: 7 });
    const shown = () => deliver(data);
    await expect
      .poll(shown, { timeout: 15_000 })
      .toEqual([{ title: 'Velada', body: '3 avisos nuevos en tu búsqueda', tag: 'search-alert-7', actions: ['Dejar de avisar'] }]);
  });
});
